import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../test/render.tsx';
import { Money } from './money.tsx';

describe('Money', () => {
  it('shows the amount in its own currency, not the locale default', () => {
    render(<Money value={{ amount: 123456, currency: 'EUR' }} />, { wrapper: TestProviders });
    expect(screen.getByText('€1,234.56')).toBeInTheDocument();
  });

  it('marks a negative amount so it is drawn red, and a positive one not', () => {
    render(
      <>
        <Money value={{ amount: -500, currency: 'GBP' }} />
        <Money value={{ amount: 500, currency: 'GBP' }} />
      </>,
      { wrapper: TestProviders },
    );
    expect(screen.getByText('-£5.00')).toHaveAttribute('data-negative', 'true');
    expect(screen.getByText('£5.00')).not.toHaveAttribute('data-negative');
  });

  it('writes a plus on positive amounts when signed, and respects zero-decimal currencies', () => {
    render(
      <>
        <Money value={{ amount: 250, currency: 'GBP' }} signed />
        <Money value={{ amount: 1200, currency: 'JPY' }} />
      </>,
      { wrapper: TestProviders },
    );
    expect(screen.getByText('+£2.50')).toBeInTheDocument();
    expect(screen.getByText('JP¥1,200')).toBeInTheDocument();
  });
});
