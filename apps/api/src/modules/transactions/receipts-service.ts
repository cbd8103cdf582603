import type { Locale } from '@mp/domain/locales';
import { sitesWithPermission } from '@mp/domain/permissions';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../../access/audit-writer.ts';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import { isUuid, type TenantDb } from '../../access/tenant-db.ts';
import {
  type InactiveRecipients,
  MailRecipientRejectedError,
} from '../../adapters/mail/inactive-recipients.ts';
import type { Mailer } from '../../adapters/mail/mail-port.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { sites, users } from '../../db/schema/index.ts';
import type { RateLimiter } from '../../identity/rate-limiter.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { receiptEmail } from './receipt-email.ts';
import { transactionsRepository as repo } from './repository.ts';

/** SPEC §8 "Inactive email recipient for a refund receipt" (its wording is not given; this is ours). */
export const RECIPIENT_INACTIVE_MESSAGE =
  'This email address cannot receive emails: an earlier email to it bounced. Please use another address.';
export const RECEIPT_ERROR_MESSAGE = 'An error occurred while sending the receipt.';
export const RECEIPT_LIMIT_MESSAGE = 'Too many receipts have been sent. Please wait and try again.';

const HOUR = 60 * 60 * 1000;

const inactive = () =>
  new AppError(422, 'RECIPIENT_INACTIVE', RECIPIENT_INACTIVE_MESSAGE, [
    { field: 'email', rule: 'receipt.recipientInactive', message: RECIPIENT_INACTIVE_MESSAGE },
  ]);

/**
 * E-mail receipts (issue 11 §3): anyone who may list a transaction (Transaction:ListTransactions on its site; else
 * 404) may send its receipt to an address. The receipt is read under RLS, audited with who asked and to whom,
 * and sent after the commit through the mail port (the outbox by default). An address that bounced before is an
 * inactive recipient: nothing is sent and the answer is 422 RECIPIENT_INACTIVE; a send the receiving server
 * refuses for good records the address as inactive and answers the same.
 */
export function createReceiptsService(deps: {
  tenantDb: TenantDb;
  clock: Clock;
  mailer: Mailer;
  recipients: InactiveRecipients;
  log: FastifyBaseLogger;
  /** The shared rate-limit store (decision 0052): counts per user, per merchant and per address. */
  limiter: RateLimiter;
  limits: Config['receipts'];
}) {
  const { limits } = deps;
  /**
   * Attacker review: anyone who may list a transaction could otherwise mail its receipt to any address as often
   * as they like. Each user and each merchant get so many an hour, and one address so many a day whoever sends
   * (429 with Retry-After). Counted once the transaction is found, before anything is sent.
   */
  async function countSend(access: MerchantAccessContext, email: string) {
    await deps.limiter.hit(
      `receipts:user:${access.actor.userId}`,
      { limit: limits.perUserPerHour, windowMs: HOUR },
      RECEIPT_LIMIT_MESSAGE,
    );
    await deps.limiter.hit(
      `receipts:merchant:${access.merchantId}`,
      { limit: limits.perMerchantPerHour, windowMs: HOUR },
      RECEIPT_LIMIT_MESSAGE,
    );
    await deps.limiter.hit(
      `receipts:address:${email}`,
      { limit: limits.perAddressPerDay, windowMs: 24 * HOUR },
      RECEIPT_LIMIT_MESSAGE,
    );
  }

  return {
    async send(
      access: MerchantAccessContext,
      transactionId: string,
      input: { email: string; locale?: string | undefined },
    ) {
      const found = await deps.tenantDb.forMerchant(access.merchantId, async (tx) => {
        const row = await repo.one(tx, access.merchantId, transactionId);
        const held = sitesWithPermission(access, 'Transaction:ListTransactions');
        const listable = held === 'all' || (row && held.filter(isUuid).includes(row.siteId));
        if (!row || !listable) throw notFound('Transaction not found');
        const [site] = await tx
          .select({
            name: sites.name,
            displayName: sites.displayName,
            addressLine1: sites.addressLine1,
            addressLine2: sites.addressLine2,
            city: sites.city,
            postalCode: sites.postalCode,
            country: sites.country,
          })
          .from(sites)
          .where(and(eq(sites.merchantId, access.merchantId), eq(sites.id, row.siteId)));
        const [user] = await tx
          .select({ locale: users.locale })
          .from(users)
          .where(eq(users.id, access.actor.userId))
          .limit(1);
        const refunds = await repo.refundsOf(tx, access.merchantId, transactionId);
        return { row, site, userLocale: user?.locale, refunds };
      });
      await countSend(access, input.email);
      if (await deps.recipients.isInactive(input.email)) throw inactive();

      const { row, site, refunds } = found;
      const message = receiptEmail(input.email, input.locale ?? found.userLocale, {
        merchantName: access.merchant.legalEntityName,
        siteName: site?.displayName ?? site?.name ?? row.siteName,
        siteAddress: site
          ? [site.addressLine1, site.addressLine2, site.city, site.postalCode, site.country]
              .filter(Boolean)
              .join(', ')
          : '',
        timeZone: access.merchant.timeZone,
        createdAt: row.createdAt,
        amount: row.amount,
        tipAmount: row.tipAmount,
        currency: row.currency,
        cardScheme: row.cardScheme,
        cardLastFour: row.cardLastFour,
        pspReference: row.pspReference,
        refunds: refunds
          .filter((refund) => refund.status === 'pending' || refund.status === 'succeeded')
          .map((refund) => ({
            amount: refund.amount,
            status: refund.status as 'pending' | 'succeeded',
            createdAt: refund.createdAt,
          })),
      });
      await deps.tenantDb.forMerchant(access.merchantId, (tx) =>
        recordAudit(tx, access, deps.clock, {
          action: 'transaction.receipt',
          entityType: 'transaction',
          entityId: transactionId,
          before: null,
          after: { to: input.email, locale: message.locale },
        }),
      );
      try {
        await deps.mailer.send(message);
      } catch (error) {
        if (error instanceof MailRecipientRejectedError) {
          await deps.recipients.record(input.email, error.response, deps.clock.now());
          throw inactive();
        }
        deps.log.error({ err: error, transactionId }, 'receipt: sending failed');
        throw new AppError(502, 'RECEIPT_FAILED', RECEIPT_ERROR_MESSAGE);
      }
      return { to: input.email, locale: message.locale as Locale };
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
