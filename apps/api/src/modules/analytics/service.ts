import { CONSENT_REVISION } from '@mp/domain/consent';
import { count, countDistinct, desc, gte, sql } from 'drizzle-orm';
import type { TenantDb } from '../../access/tenant-db.ts';
import type { Clock } from '../../clock.ts';
import { analyticsEvents, consentRecords } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';

export interface AnalyticsEventInput {
  type: 'page_view' | 'page_leave';
  path: string;
  routeId: string;
  occurredAt: string;
  durationMs?: number | undefined;
}

export interface ConsentRecordInput {
  consentId: string;
  categories: string[];
  revision: number;
  locale: string;
  action: 'first' | 'change';
  consentedAt: string;
}

/** Events older than this or this far ahead of the server's clock are refused: a browser's clock can be off. */
const OLDEST_EVENT_MS = 24 * 60 * 60 * 1000;
const FUTURE_SLACK_MS = 5 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The default analytics adapter's server side (issue 14 §3) and the consent record (§2). The tables hold no
 * merchant data, so the request path writes them as `app_user` outside any merchant (`withoutMerchant`).
 */
export function createAnalyticsService({ tenantDb, clock }: { tenantDb: TenantDb; clock: Clock }) {
  function checkWhen(field: string, iso: string, now: Date): Date {
    const at = new Date(iso);
    const ms = at.getTime() - now.getTime();
    if (ms > FUTURE_SLACK_MS || ms < -OLDEST_EVENT_MS) {
      throw new AppError(400, 'VALIDATION_FAILED', 'The request is not valid', [
        {
          field,
          rule: 'analytics.timeOutOfRange',
          message: 'must be within the last 24 hours and not more than 5 minutes ahead',
        },
      ]);
    }
    return at;
  }

  return {
    /**
     * Stores a batch of page events; `userId` comes from a verified bearer token, never from the body. Only while
     * the latest recorded choice of the browser's consent id accepts analytics: the server keeps the rule the
     * browser keeps (no consent recorded, necessary only, withdrawn, or given on an earlier text of the dialog:
     * nothing is stored).
     */
    async recordEvents(
      consentId: string,
      visitorId: string,
      userId: string | null,
      events: AnalyticsEventInput[],
    ): Promise<number> {
      const now = clock.now();
      const rows = events.map((event, index) => ({
        type: event.type,
        path: event.path,
        routeId: event.routeId,
        visitorId,
        userId,
        durationMs: event.type === 'page_leave' ? (event.durationMs ?? null) : null,
        occurredAt: checkWhen(`events.${index}.occurredAt`, event.occurredAt, now),
        receivedAt: now,
      }));
      await tenantDb.withoutMerchant(async (tx) => {
        // Migration 0052: app_user appends consent records but does not read them; this answers for one id.
        const answer = await tx.execute(
          sql`select app_consent_accepts_analytics(${consentId}, ${CONSENT_REVISION}) as accepts`,
        );
        const accepts = (answer as unknown as { rows: { accepts: boolean }[] }).rows[0]?.accepts === true;
        if (!accepts) {
          throw new AppError(400, 'VALIDATION_FAILED', 'The request is not valid', [
            {
              field: 'consentId',
              rule: 'analytics.noConsent',
              message: 'must be a consent id whose latest recorded choice accepts analytics',
            },
          ]);
        }
        await tx.insert(analyticsEvents).values(rows);
      });
      return rows.length;
    },

    async recordConsent(userId: string | null, input: ConsentRecordInput): Promise<void> {
      const now = clock.now();
      const consentedAt = checkWhen('consentedAt', input.consentedAt, now);
      await tenantDb.withoutMerchant((tx) =>
        tx.insert(consentRecords).values({
          consentId: input.consentId,
          userId,
          categories: [...new Set(input.categories)].sort(),
          revision: input.revision,
          locale: input.locale,
          action: input.action,
          consentedAt,
          receivedAt: now,
        }),
      );
    },

    /** Staff: page views and leaves per route id over the last `days` days (by when they happened). */
    async routeCounts(days: number) {
      const to = clock.now();
      const from = new Date(to.getTime() - days * DAY_MS);
      const rows = await tenantDb.withoutMerchant((tx) =>
        tx
          .select({
            routeId: analyticsEvents.routeId,
            pageViews: sql<number>`count(*) filter (where ${analyticsEvents.type} = 'page_view')`.mapWith(
              Number,
            ),
            pageLeaves: sql<number>`count(*) filter (where ${analyticsEvents.type} = 'page_leave')`.mapWith(
              Number,
            ),
            visitors: countDistinct(analyticsEvents.visitorId),
            users: countDistinct(analyticsEvents.userId),
            total: count(),
          })
          .from(analyticsEvents)
          .where(gte(analyticsEvents.occurredAt, from))
          .groupBy(analyticsEvents.routeId)
          .orderBy(desc(count()), analyticsEvents.routeId),
      );
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        days,
        routes: rows.map(({ total: _total, ...row }) => row),
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
