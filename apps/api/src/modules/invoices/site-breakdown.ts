import { sql } from 'drizzle-orm';
import type { Tx } from '../../access/tenant-db.ts';
import { writeCsv } from '../../csv/safe-csv.ts';
import { monthEndInstant, REGION_LABELS } from './invoice-builder.ts';

/**
 * The per-site breakdown of a monthly billing summary (SPEC §3 display type `per_site_breakdown_csv`): the
 * same ledger the invoice was built from, split by site — processing fees by card region, monthly fees and
 * credits (booked on the site the payout job put them on), device rentals by where the devices are — then the
 * merchant-wide discounts, VAT and total of the invoice, so the rows add up to the invoice.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const money = (minor: number) => (minor / 100).toFixed(2);

export interface BreakdownInvoice {
  invoiceId: string;
  number: string;
  periodStart: string;
  periodEnd: string;
  currency: string;
  taxPercent: string;
  tax: number;
  total: number;
  lines: { kind: string; description: string; unitAmount: number; amount: number }[];
}

export async function renderSiteBreakdownCsv(tx: Tx, merchantId: string, invoice: BreakdownInvoice) {
  const { periodStart, periodEnd, currency } = invoice;
  const fees = rowsOf<{ site: string; region: string; count: number; volume: string; fees: string }>(
    await tx.execute(sql`
      select s.name as site,
             case when t.source = 'tap-to-pay' then 'tap-to-pay'
                  when t.card_scheme = 'amex' then 'amex'
                  when t.card_region in ('domestic', 'eea', 'global') then t.card_region
                  else 'other' end as region,
             count(*)::int as count,
             coalesce(sum(t.amount + t.tip_amount), 0)::text as volume,
             coalesce(-sum(e.amount), 0)::text as fees
        from ledger_entries e
        join transactions t on t.merchant_id = e.merchant_id and t.id = e.transaction_id
        join sites s on s.merchant_id = e.merchant_id and s.id = e.site_id
       where e.merchant_id = ${merchantId} and e.type = 'fee' and e.currency = ${currency}
         and e.trading_day between ${periodStart} and ${periodEnd}
       group by s.name, s.id, 2
       order by s.name, s.id, 2`),
  );
  const adjustments = rowsOf<{ site: string; description: string; amount: string }>(
    await tx.execute(sql`
      select s.name as site, e.description, (-e.amount)::text as amount
        from ledger_entries e join sites s on s.merchant_id = e.merchant_id and s.id = e.site_id
       where e.merchant_id = ${merchantId} and e.type = 'adjustment' and e.currency = ${currency}
         and e.trading_day between ${periodStart} and ${periodEnd}
       order by s.name, e.trading_day, e.source_key`),
  );
  const rental = invoice.lines.find((line) => line.kind === 'device-rental');
  // The period's days are the merchant's calendar days (as the invoice builder counts the rentals).
  const [zone] = rental
    ? rowsOf<{ time_zone: string }>(
        await tx.execute(sql`select time_zone from merchants where id = ${merchantId}`),
      )
    : [];
  const devices = zone
    ? rowsOf<{ site: string | null; devices: number }>(
        await tx.execute(sql`
          select s.name as site, count(*)::int as devices
            from devices d left join sites s on s.merchant_id = d.merchant_id and s.id = d.site_id
           where d.merchant_id = ${merchantId} and d.status = 'active' and d.assigned_at is not null
             and d.assigned_at < ${monthEndInstant(periodEnd, zone.time_zone).toISOString()}::timestamptz
           group by s.name order by s.name`),
      )
    : [];

  const rows: (string | number)[][] = [];
  for (const fee of fees)
    rows.push([
      fee.site,
      REGION_LABELS[fee.region] ?? fee.region,
      fee.count,
      money(Number(fee.volume)),
      money(Number(fee.fees)),
    ]);
  for (const adjustment of adjustments)
    rows.push([adjustment.site, adjustment.description, 1, '', money(Number(adjustment.amount))]);
  for (const row of devices)
    rows.push([
      row.site ?? 'No site',
      'Card machine rental',
      row.devices,
      '',
      money((rental?.unitAmount ?? 0) * row.devices),
    ]);
  for (const line of invoice.lines.filter((l) => l.kind === 'discount'))
    rows.push(['All sites', line.description, 1, '', money(line.amount)]);
  rows.push(['All sites', `VAT ${Number(invoice.taxPercent)}%`, '', '', money(invoice.tax)]);
  rows.push(['All sites', 'Total', '', '', money(invoice.total)]);

  return writeCsv(rows, {
    header: true,
    columns: ['Site', 'Item', 'Quantity', `Volume (${currency})`, `Amount (${currency})`],
  });
}
