import { addDays, zonedTimeToInstant } from '@mp/domain/trading-day';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { INVOICE_PDF_LABELS } from './invoice-pdf-labels.ts';
import { percentOf, vatPercentFor } from './vat.ts';

/**
 * The monthly invoice of one merchant (issue 13 §1 Invoices), built in the caller's transaction from what the
 * payout job already booked in the ledger (modules/payouts/ledger-builder.ts) for the trading days of the month:
 *
 * - processing fees by card region: the ledger's fee entries (each computed at the merchant's rate for its card
 *   region, rounded half-up per payment), summed per region with the payments' count and volume;
 * - monthly fees and credits (the ledger's adjustment entries of the month);
 * - device rentals: the rate's monthly rental × the devices assigned to the merchant by the month's end;
 * - minus discounts (billing_adjustments of kind discount running in the month: a percent of the processing
 *   fees or a fixed amount, never more than the fees);
 * - VAT at the merchant country's rate on the subtotal, rounded half-up once.
 *
 * What the payouts already took (fees and monthly fees under net settlement, less credits paid out) counts as
 * paid on issue; the rest is collected through the billing port. A second build of the same month finds the
 * invoice (unique per merchant, month and display type) and changes nothing, so the month's ledger must be
 * complete when it is first built: the build job waits until every payout day of the month is built
 * (decision 0134).
 */

export type InvoiceLineKind =
  | 'processing-fee'
  | 'monthly-fee'
  | 'credit'
  | 'device-rental'
  | 'discount'
  /** A line of a one-off invoice raised by staff (one-off.ts). */
  | 'one-off';

export interface InvoiceLine {
  kind: InvoiceLineKind;
  /** For processing fees: domestic, eea, global, amex, tap-to-pay or other. */
  region?: string;
  description: string;
  quantity: number;
  unitAmount: number;
  amount: number;
  /** For processing fees: the payments' amount (with tips) the fees were taken on. */
  volume?: number;
}

export const INVOICE_PAYMENT_TERMS_DAYS = 14;

/** The English line descriptions stored on invoice lines: the PDF's en-GB region labels. */
export const REGION_LABELS: Record<string, string> = INVOICE_PDF_LABELS['en-GB'].regions;
const REGION_ORDER = ['domestic', 'eea', 'global', 'amex', 'tap-to-pay', 'other'];

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** 'YYYY-MM' → its first and last calendar day. */
/**
 * The first instant after a billing period's last day `periodEnd` in the merchant's `timeZone`: midnight of the
 * next day there, not in UTC (a device assigned at 22:30 UTC on 31 March in Madrid is April's).
 */
export const monthEndInstant = (periodEnd: string, timeZone: string): Date =>
  zonedTimeToInstant(addDays(periodEnd, 1), '00:00', timeZone);

export function monthBounds(month: string): { periodStart: string; periodEnd: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { periodStart: `${month}-01`, periodEnd: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month before the one `date` (YYYY-MM-DD) falls in. */
export function previousMonth(date: string): string {
  const [year, monthNumber] = date.split('-').map(Number) as [number, number];
  const previous = new Date(Date.UTC(year, monthNumber - 2, 1));
  return previous.toISOString().slice(0, 7);
}

export interface BuiltInvoice {
  created: boolean;
  invoiceId: string | null;
  /**
   * Open and never tried (no collection attempt, no payment): its collection is still to be queued. True for an
   * invoice just created, and for one found that a run before created but could not queue (a crash, or a queue
   * that refused the job after the commit).
   */
  neverTried?: true;
  /** Not built: `ready` said the month's ledger may still grow (the build job asks again later). */
  waiting?: true;
}

export async function buildMonthlyInvoice(
  tx: Tx,
  merchantId: string,
  month: string,
  now: Date,
  options: {
    /**
     * Asked once no invoice exists for the month, before anything is read: false builds nothing now. The build
     * job's wait for every payout day of the month (invoice-jobs.ts, decision 0134); the demo seed, which replays
     * the whole ledger first, passes none.
     */
    ready?: (tx: Tx, period: { periodStart: string; periodEnd: string }) => Promise<boolean>;
  } = {},
): Promise<BuiltInvoice> {
  const { periodStart, periodEnd } = monthBounds(month);
  const [merchant] = rowsOf<{
    country: string;
    currency: string;
    time_zone: string;
    created_at: Date | string;
  }>(
    await tx.execute(
      sql`select country, currency, time_zone, created_at from merchants where id = ${merchantId}`,
    ),
  );
  if (!merchant) return { created: false, invoiceId: null };
  const [existing] = rowsOf<{ id: string; never_tried: boolean }>(
    await tx.execute(sql`select id, (status = 'open' and collection_attempts = 0 and payment_status is null)
             as never_tried
        from invoices where merchant_id = ${merchantId}
      and period_start = ${periodStart} and display_type = 'billing_summary'`),
  );
  if (existing)
    return { created: false, invoiceId: existing.id, ...(existing.never_tried ? { neverTried: true } : {}) };
  if (options.ready && !(await options.ready(tx, { periodStart, periodEnd })))
    return { created: false, invoiceId: null, waiting: true };
  const currency = merchant.currency;

  const fees = rowsOf<{ region: string; count: number; volume: string; fees: string; settled: string }>(
    await tx.execute(sql`
      select case when t.source = 'tap-to-pay' then 'tap-to-pay'
                  when t.card_scheme = 'amex' then 'amex'
                  when t.card_region in ('domestic', 'eea', 'global') then t.card_region
                  else 'other' end as region,
             count(*)::int as count,
             coalesce(sum(t.amount + t.tip_amount), 0)::text as volume,
             coalesce(-sum(e.amount), 0)::text as fees,
             coalesce(-sum(e.amount) filter (where not e.invoiced), 0)::text as settled
        from ledger_entries e
        join transactions t on t.merchant_id = e.merchant_id and t.id = e.transaction_id
       where e.merchant_id = ${merchantId} and e.type = 'fee' and e.currency = ${currency}
         and e.trading_day between ${periodStart} and ${periodEnd}
       group by 1`),
  );
  const adjustments = rowsOf<{ description: string; amount: string; invoiced: boolean }>(
    await tx.execute(sql`
      select description, amount::text as amount, invoiced from ledger_entries
       where merchant_id = ${merchantId} and type = 'adjustment' and currency = ${currency}
         and trading_day between ${periodStart} and ${periodEnd}
       order by trading_day, amount, source_key`),
  );
  const [rental] = rowsOf<{ monthly: string | null; devices: number }>(
    await tx.execute(sql`
      select (select device_rental_monthly::text from rates
               where merchant_id = ${merchantId} and currency = ${currency} and effective_from <= ${periodEnd}
               order by effective_from desc limit 1) as monthly,
             (select count(*)::int from devices
               where merchant_id = ${merchantId} and status = 'active' and assigned_at is not null
                 and assigned_at < ${monthEndInstant(periodEnd, merchant.time_zone).toISOString()}::timestamptz)
                 as devices`),
  );
  const discounts = rowsOf<{ description: string; amount: string | null; percent: string | null }>(
    await tx.execute(sql`
      select description, amount::text as amount, percent::text as percent from billing_adjustments
       where merchant_id = ${merchantId} and kind = 'discount' and currency = ${currency}
         and starts_on <= ${periodEnd} and (ends_on is null or ends_on >= ${periodStart})
         and (duration_months is null
              or ${periodStart}::date < (date_trunc('month', starts_on) + make_interval(months => duration_months))::date)
       order by starts_on, id`),
  );

  const lines: InvoiceLine[] = [];
  let settled = 0;
  let processingFees = 0;
  for (const region of REGION_ORDER) {
    const row = fees.find((fee) => fee.region === region);
    if (!row || Number(row.fees) === 0) continue;
    const amount = Number(row.fees);
    processingFees += amount;
    settled += Number(row.settled);
    lines.push({
      kind: 'processing-fee',
      region,
      description: REGION_LABELS[region] ?? region,
      quantity: row.count,
      unitAmount: amount,
      amount,
      volume: Number(row.volume),
    });
  }
  for (const adjustment of adjustments) {
    const amount = -Number(adjustment.amount); // a fee is booked negative, a credit positive
    if (!adjustment.invoiced) settled += amount;
    lines.push({
      kind: amount >= 0 ? 'monthly-fee' : 'credit',
      description: adjustment.description,
      quantity: 1,
      unitAmount: amount,
      amount,
    });
  }
  const monthlyRental = Number(rental?.monthly ?? 0);
  if (monthlyRental > 0 && (rental?.devices ?? 0) > 0) {
    lines.push({
      kind: 'device-rental',
      description: 'Card machine rental',
      quantity: rental?.devices ?? 0,
      unitAmount: monthlyRental,
      amount: monthlyRental * (rental?.devices ?? 0),
    });
  }
  let discountable = processingFees;
  for (const discount of discounts) {
    const wanted = discount.percent
      ? percentOf(processingFees, discount.percent)
      : Number(discount.amount ?? 0);
    const amount = Math.min(wanted, discountable);
    if (amount <= 0) continue;
    discountable -= amount;
    lines.push({
      kind: 'discount',
      description: discount.description,
      quantity: 1,
      unitAmount: -amount,
      amount: -amount,
    });
  }
  if (lines.length === 0) return { created: false, invoiceId: null };

  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const taxPercent = vatPercentFor(merchant.country);
  const tax = subtotal > 0 ? percentOf(subtotal, taxPercent) : 0;
  const total = subtotal + tax;
  const settledFromPayouts = Math.max(0, Math.min(settled, total));
  const paid = total - settledFromPayouts <= 0;
  const dueAt = new Date(now.getTime() + INVOICE_PAYMENT_TERMS_DAYS * 86_400_000);
  const number = `INV-${month.replace('-', '')}-${merchantId.replaceAll('-', '').slice(0, 10).toUpperCase()}`;

  const [inserted] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into invoices (merchant_id, number, status, display_type, period_start, period_end, subtotal, tax,
                            total, amount_paid, currency, lines, country, tax_percent, settled_from_payouts,
                            issued_at, due_at, paid_at, created_at, updated_at)
      values (${merchantId}, ${number}, ${paid ? 'paid' : 'open'}, 'billing_summary', ${periodStart}, ${periodEnd},
              ${subtotal}, ${tax}, ${total}, ${paid ? Math.max(total, 0) : settledFromPayouts}, ${currency},
              ${JSON.stringify(lines)}::jsonb, ${merchant.country}, ${taxPercent}, ${settledFromPayouts},
              ${now.toISOString()}, ${dueAt.toISOString()}, ${paid ? now.toISOString() : null},
              ${now.toISOString()}, ${now.toISOString()})
      on conflict (merchant_id, period_start, display_type) where display_type = 'billing_summary' do nothing
      returning id`),
  );
  if (!inserted) return { created: false, invoiceId: null };
  return { created: true, invoiceId: inserted.id, ...(paid ? {} : { neverTried: true as const }) };
}
