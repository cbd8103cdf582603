import { LOCALES, type Locale } from '@mp/domain/locales';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { aMerchant, aStaffUser } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import { applyLocale, i18n } from '../../../lib/i18n/i18n.ts';
import { currentMerchantStore } from '../current-merchant-store.ts';
import { StaffOverrideBanner } from './staff-override-banner.tsx';

const staff = aStaffUser();
const fetchMock = signedInWithFetchSpy(() => staff);
const MERCHANT = aMerchant({ merchantId: '33333333-3333-4333-8333-333333333333' });
const OVERRIDE_PATH = `/v1/merchants/${MERCHANT.merchantId}/override`;

afterEach(async () => {
  await applyLocale('en-GB');
});

/** A live override into MERCHANT, whose "End override" the API answers with `answer` (or the network fails). */
async function endOverride(locale: Locale, answer: () => Response | Promise<Response>) {
  await applyLocale(locale);
  const expiresAt = new Date(Date.now() + 30 * 60_000).toISOString();
  currentMerchantStore.startOverride(staff.id, {
    merchant: MERCHANT,
    overrideId: 'o-1',
    reason: 'Ticket 42',
    expiresAt,
  });
  fetchMock().mockImplementation(
    fakeApi({
      [`GET ${OVERRIDE_PATH}`]: () =>
        jsonResponse(200, {
          data: { overrideId: 'o-1', merchantId: MERCHANT.merchantId, reason: 'Ticket 42', expiresAt },
        }),
      [`DELETE ${OVERRIDE_PATH}`]: answer,
    }).handle,
  );
  renderRoutes([{ path: '/', element: <StaffOverrideBanner userId={staff.id} /> }], '/');
  await userEvent.click(
    await screen.findByRole('button', { name: i18n.t('access.override.end') }, { timeout: 5000 }),
  );
  return screen.findByText(i18n.t('access.override.errors.endFailed'), {}, { timeout: 5000 });
}

// The banner's failure reads in the user's language through apiErrorKey, as every other screen's does.
describe('staff override banner: an override that cannot end', { timeout: 20_000 }, () => {
  it.each(LOCALES)(
    '%s: a server error reads the translated sentence, not the API’s English',
    async (locale) => {
      const text = await endOverride(locale, () =>
        jsonResponse(500, { error: { code: 'INTERNAL', message: 'English text the screen must not show' } }),
      );
      expect(i18n.t('access.override.errors.endFailed')).not.toBe('access.override.errors.endFailed');
      expect(text).toBeInTheDocument();
      expect(screen.queryByText(/English text/)).toBeNull();
    },
  );

  it('it-IT: no answer at all reads Italian, never the browser’s "Failed to fetch"', async () => {
    await endOverride('it-IT', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
  });

  it('en-GB: a proxy’s answer without the error model never shows its status text', async () => {
    await endOverride('en-GB', () => new Response('bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    expect(screen.getByText('The override could not end. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/Bad Gateway/)).toBeNull();
    // Said as an alert, not as more of the banner's status text, so a screen reader announces the failure.
    expect(screen.getByRole('alert')).toHaveTextContent('The override could not end. Please try again.');
  });
});
