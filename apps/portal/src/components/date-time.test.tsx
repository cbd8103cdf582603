import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aMerchant } from '../../test/fixtures.ts';
import { TestProviders } from '../../test/render.tsx';
import { CurrentMerchantContext } from '../lib/merchant/current-merchant.ts';
import { DateTime } from './date-time.tsx';

const INSTANT = '2026-07-01T22:30:00.000Z';

describe('DateTime', () => {
  it("shows the instant in the current merchant's time zone, with the zone named", () => {
    render(
      <CurrentMerchantContext value={aMerchant({ timeZone: 'Europe/Madrid' })}>
        <DateTime value={INSTANT} />
      </CurrentMerchantContext>,
      { wrapper: TestProviders },
    );
    // 22:30 UTC is 00:30 the next day in Madrid (CEST, UTC+2).
    const time = screen.getByText(/2 Jul 2026/);
    expect(time).toHaveTextContent(/00:30/);
    expect(time).toHaveTextContent(/CEST|GMT\+2/);
    expect(time).toHaveAttribute('datetime', INSTANT);
    expect(time).toHaveAttribute('title', 'Time zone: Europe/Madrid');
  });

  it('takes an explicit zone over the merchant one, and can show the day only', () => {
    render(
      <CurrentMerchantContext value={aMerchant({ timeZone: 'Europe/Madrid' })}>
        <DateTime value={INSTANT} timeZone="Europe/London" format="date" />
      </CurrentMerchantContext>,
      { wrapper: TestProviders },
    );
    expect(screen.getByText('1 Jul 2026')).toBeInTheDocument();
  });
});
