import { MERCHANT_STATUSES } from '@mp/domain/enums';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../test/render.tsx';
import { enGB } from '../locales/en-GB.ts';
import { STATUS_COLOURS, StatusBadge } from './status-badge.tsx';

describe('StatusBadge', () => {
  it('labels each SPEC §3 status with its translated name', () => {
    render(
      <>
        <StatusBadge family="transaction" status="partially-refunded" />
        <StatusBadge family="payout" status="completed" />
        <StatusBadge family="invoice" status="overdue" />
        <StatusBadge family="report" status="PROCESSING" />
      </>,
      { wrapper: TestProviders },
    );
    expect(screen.getByText('Partially refunded')).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByText('Processing')).toBeInTheDocument();
  });

  it('has a colour and a text for every status of every family, and the same statuses as SPEC §3', () => {
    expect(Object.keys(STATUS_COLOURS.transaction)).toEqual([
      'pending',
      'pre-authorized',
      'pre-authorized-pending-capture',
      'pre-authorized-capture-failed',
      'captured',
      'failed',
      'refund-pending',
      'refund',
      'refunded',
      'unref-refund',
      'partially-refunded',
      'chargeback-pending',
      'chargedback',
      'cancelled',
    ]);
    expect(Object.keys(STATUS_COLOURS.payout)).toEqual(['pending', 'completed', 'failed']);
    expect(Object.keys(STATUS_COLOURS.invoice)).toEqual(['upcoming', 'open', 'paid', 'overdue', 'void']);
    expect(Object.keys(STATUS_COLOURS.report)).toEqual(['NEW', 'PROCESSING', 'READY', 'ERROR']);
    expect(Object.keys(STATUS_COLOURS.merchant)).toEqual([...MERCHANT_STATUSES]);
    for (const [family, statuses] of Object.entries(STATUS_COLOURS)) {
      expect(Object.keys(statuses)).toEqual(
        Object.keys(enGB.ui.status[family as keyof typeof enGB.ui.status]),
      );
    }
  });

  it('draws success green and failure red', () => {
    expect(STATUS_COLOURS.payout.completed).toBe('green');
    expect(STATUS_COLOURS.payout.failed).toBe('red');
    expect(STATUS_COLOURS.invoice.paid).toBe('green');
    expect(STATUS_COLOURS.report.ERROR).toBe('red');
    expect(STATUS_COLOURS.merchant.blocked).toBe('red');
  });
});
