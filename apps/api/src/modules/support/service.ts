import { randomBytes } from 'node:crypto';
import { ALL_SITES } from '@mp/domain/permissions';
import type { SupportMessageInput } from '@mp/domain/schemas/support';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { loadAccess } from '../../access/access-repository.ts';
import type { TenantDb } from '../../access/tenant-db.ts';
import type { Mailer } from '../../adapters/mail/mail-port.ts';
import type { Clock } from '../../clock.ts';
import { sites, users } from '../../db/schema/index.ts';
import type { RateLimiter, RateLimitRule } from '../../identity/rate-limiter.ts';
import type { Actor } from '../../plugins/auth.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { type SupportSender, supportConfirmationEmail, supportMessageEmail } from './emails.ts';

export interface SupportServiceOptions {
  tenantDb: TenantDb;
  clock: Clock;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Messages per user and window. */
  perUser: RateLimitRule;
  /** The support mailbox (SUPPORT_EMAIL). */
  supportEmail: string;
  log: FastifyBaseLogger;
}

export interface SupportMessageReceipt {
  reference: string;
  sentAt: string;
}

/** A reference both sides can quote: S- and 8 random hexadecimal digits. */
const newReference = () => `S-${randomBytes(4).toString('hex').toUpperCase()}`;

/**
 * The help panel's contact form (issue 14 §4, decision 0086): a signed-in user's message is e-mailed to support
 * through the mail port, reply-to the user, with who they are and the company (and site) it is about, which must
 * be one of theirs (else 404, whether it exists or not). The user gets a confirmation in their language. The
 * message's text is never logged: adapters are told it is user content, and this service logs only references.
 */
export function createSupportService(deps: SupportServiceOptions) {
  const { tenantDb, clock } = deps;

  async function senderOf(actor: Actor, input: SupportMessageInput): Promise<SupportSender> {
    const user = await tenantDb.forUser(actor.userId, async (tx) => {
      const [row] = await tx
        .select({
          customUserId: users.userId,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          locale: users.locale,
        })
        .from(users)
        .where(eq(users.id, actor.userId))
        .limit(1);
      return row;
    });
    if (!user) throw notFound('User not found');
    let merchant: SupportSender['merchant'] = null;
    let site: SupportSender['site'] = null;
    if (input.merchantId) {
      const access = await loadAccess(tenantDb, input.merchantId, actor, clock.now());
      // Only a company the user belongs to: staff who are not members are refused like anybody else.
      if (!access?.grants) throw notFound('Merchant not found');
      merchant = { id: access.merchant.id, name: access.merchant.legalEntityName };
      if (input.siteId) {
        const siteId = input.siteId;
        const grants = access.grants;
        const holdsSite =
          grants.companyRoles.length > 0 ||
          grants.siteRoles.some((grant) => grant.siteId === siteId || grant.siteId === ALL_SITES);
        const row = holdsSite
          ? await tenantDb.forMerchant(access.merchant.id, async (tx) => {
              const [found] = await tx
                .select({ id: sites.id, name: sites.name, displayName: sites.displayName })
                .from(sites)
                .where(
                  and(
                    eq(sites.merchantId, access.merchant.id),
                    eq(sites.id, siteId),
                    isNull(sites.deletedAt),
                  ),
                )
                .limit(1);
              return found;
            })
          : undefined;
        if (!row) throw notFound('Site not found');
        site = { id: row.id, name: row.displayName ?? row.name };
      }
    }
    return {
      userId: actor.userId,
      customUserId: user.customUserId,
      email: user.email,
      name: `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim(),
      locale: user.locale,
      merchant,
      site,
    };
  }

  return {
    async send(actor: Actor, input: SupportMessageInput): Promise<SupportMessageReceipt> {
      // Counted before anything is looked up: a user probing company ids spends their allowance too.
      await deps.limiter.hit(`user:support-message:${actor.userId}`, deps.perUser);
      const sender = await senderOf(actor, input);
      const reference = newReference();
      try {
        await deps.mailer.send(supportMessageEmail(deps.supportEmail, sender, reference, input));
      } catch (error) {
        deps.log.error({ err: error, reference }, 'support: the message could not be sent');
        throw new AppError(
          503,
          'SUPPORT_UNAVAILABLE',
          'Your message could not be sent. Please try again in a few minutes.',
        );
      }
      deps.log.info({ reference, merchantId: sender.merchant?.id ?? null }, 'support: message sent');
      try {
        await deps.mailer.send(supportConfirmationEmail(sender, reference, input.subject));
      } catch (error) {
        // Support has the message; a lost confirmation must not make the user send it twice.
        deps.log.warn({ err: error, reference }, 'support: the confirmation could not be sent');
      }
      return { reference, sentAt: clock.now().toISOString() };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
