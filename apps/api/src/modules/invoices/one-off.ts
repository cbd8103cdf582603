import { createHash } from 'node:crypto';
import { calendarDateIn } from '@mp/domain/trading-day';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../../access/audit-writer.ts';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import type { TenantDb, Tx } from '../../access/tenant-db.ts';
import type { Clock } from '../../clock.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { idempotencyKeyLapsed, idempotencyKeyReused } from '../../plugins/errors.ts';
import { isUniqueViolation } from '../transactions/refunds-repository.ts';
import { INVOICE_PAYMENT_TERMS_DAYS, type InvoiceLine } from './invoice-builder.ts';
import { INVOICE_COLLECT_JOB } from './invoice-job-names.ts';
import { percentOf, vatPercentFor } from './vat.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface OneOffInput {
  lines: { description: string; amount: number }[];
}

/**
 * The monthly invoice's number is `INV-YYYYMM-<merchant>`; a one-off invoice continues that sequence with a
 * suffix: `INV-YYYYMM-<merchant>-01`, `-02`, … in the month it is raised.
 */
export function oneOffNumber(merchantId: string, day: string, index: number): string {
  const merchant = merchantId.replaceAll('-', '').slice(0, 10).toUpperCase();
  return `INV-${day.slice(0, 7).replace('-', '')}-${merchant}-${String(index).padStart(2, '0')}`;
}

/**
 * A one-off invoice raised by staff on a merchant (issue 13 §1; decision 0091: display type `yeti_invoice`, the
 * product's own invoice): the lines as given, VAT at the merchant country's rate, due in the usual terms. The
 * invoice and its audit entry are written in one transaction; its collection job is queued once that has
 * committed (on PGlite the queue shares the one connection the transaction holds). A job that could not be queued
 * is logged, and the daily invoice schedule queues the collection of every one-off invoice never tried
 * (invoice-jobs.ts), so none is left uncollected.
 */
export async function raiseOneOffInvoice(
  deps: {
    tenantDb: TenantDb;
    clock: Clock;
    send: JobQueue['send'];
    log: Pick<FastifyBaseLogger, 'warn'>;
  },
  access: MerchantAccessContext,
  input: OneOffInput,
  idempotencyKey?: string,
): Promise<{ invoiceId: string; created: boolean }> {
  const now = deps.clock.now();
  const { merchantId } = access;
  const requestHash = idempotencyKey
    ? createHash('sha256').update(JSON.stringify(input)).digest('hex')
    : null;
  const repeat = () =>
    idempotencyKey && requestHash
      ? deps.tenantDb.forMerchant(merchantId, (tx) =>
          invoiceOfKey(tx, merchantId, idempotencyKey, requestHash, now),
        )
      : Promise.resolve(undefined);
  const earlier = await repeat();
  if (earlier) return { invoiceId: earlier, created: false };
  const raise = () =>
    deps.tenantDb.forMerchant(merchantId, async (tx) => {
      const [merchant] = rowsOf<{ country: string; currency: string; time_zone: string }>(
        await tx.execute(sql`select country, currency, time_zone from merchants where id = ${merchantId}`),
      );
      if (!merchant) throw new Error(`merchant ${merchantId} not found`);
      const day = calendarDateIn(now, merchant.time_zone);
      const lines: InvoiceLine[] = input.lines.map((line) => ({
        kind: 'one-off',
        description: line.description,
        quantity: 1,
        unitAmount: line.amount,
        amount: line.amount,
      }));
      const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
      const taxPercent = vatPercentFor(merchant.country);
      const tax = percentOf(subtotal, taxPercent);
      const total = subtotal + tax;
      const dueAt = new Date(now.getTime() + INVOICE_PAYMENT_TERMS_DAYS * 86_400_000);
      // The next number of the month: counted, and taken again if another request took it meanwhile.
      const [{ taken = 0 } = {}] = rowsOf<{ taken: number }>(
        await tx.execute(sql`
        select count(*)::int as taken from invoices
         where merchant_id = ${merchantId} and display_type = 'yeti_invoice'
           and date_trunc('month', period_start) = date_trunc('month', ${day}::date)`),
      );
      let invoiceId: string | undefined;
      let number = '';
      for (let index = taken + 1; !invoiceId && index <= taken + 5; index++) {
        number = oneOffNumber(merchantId, day, index);
        [{ id: invoiceId } = { id: undefined }] = rowsOf<{ id: string }>(
          await tx.execute(sql`
          insert into invoices (merchant_id, number, status, display_type, period_start, period_end, subtotal, tax,
                                total, currency, lines, country, tax_percent, issued_at, due_at, created_at,
                                updated_at, idempotency_key, request_hash)
          values (${merchantId}, ${number}, 'open', 'yeti_invoice', ${day}, ${day}, ${subtotal}, ${tax}, ${total},
                  ${merchant.currency}, ${JSON.stringify(lines)}::jsonb, ${merchant.country}, ${taxPercent},
                  ${now.toISOString()}, ${dueAt.toISOString()}, ${now.toISOString()}, ${now.toISOString()},
                  ${idempotencyKey ?? null}, ${requestHash})
          on conflict (number) do nothing
          returning id`),
        );
      }
      if (!invoiceId) throw new Error(`no free one-off invoice number for merchant ${merchantId}`);
      await recordAudit(tx, access, deps.clock, {
        action: 'invoice.raise_one_off',
        entityType: 'invoice',
        entityId: invoiceId,
        after: { number, currency: merchant.currency, lines: input.lines, subtotal, taxPercent, tax, total },
      });
      return invoiceId;
    });
  let invoiceId: string;
  try {
    invoiceId = await raise();
  } catch (error) {
    // The same key at once (a double submit): the one that lost answers the invoice the other raised.
    const raised = idempotencyKey && isUniqueViolation(error) ? await repeat() : undefined;
    if (raised) return { invoiceId: raised, created: false };
    throw error;
  }
  try {
    await deps.send(INVOICE_COLLECT_JOB, { merchantId, invoiceId }, { singletonKey: invoiceId });
  } catch (error) {
    deps.log.warn(
      { err: error, invoiceId },
      'one-off invoice: collection not queued; the daily schedule will',
    );
  }
  return { invoiceId, created: true };
}

/** The invoice an Idempotency-Key raised while the key lasts (an expired key is freed); other lines: 422. */
async function invoiceOfKey(
  tx: Tx,
  merchantId: string,
  idempotencyKey: string,
  requestHash: string,
  now: Date,
): Promise<string | undefined> {
  const [found] = rowsOf<{ id: string; request_hash: string | null; created_at: Date | string }>(
    await tx.execute(sql`
      select id, request_hash, created_at from invoices
       where merchant_id = ${merchantId} and idempotency_key = ${idempotencyKey}`),
  );
  if (!found) return undefined;
  if (idempotencyKeyLapsed(found.created_at, now)) {
    await tx.execute(sql`
      update invoices set idempotency_key = null where merchant_id = ${merchantId} and id = ${found.id}`);
    return undefined;
  }
  if (found.request_hash !== requestHash) throw idempotencyKeyReused('invoice');
  return found.id;
}
