import { createCursorCodec } from '@mp/domain/cursor';
import type { Locale } from '@mp/domain/locales';
import { translate } from '@mp/domain/messages';
import { sitesWithPermission } from '@mp/domain/permissions';
import type { CreateEodReportInput } from '@mp/domain/schemas/eod-report';
import { lastClosedTradingDay } from '@mp/domain/trading-day';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import { isUuid, type TenantDb } from '../../access/tenant-db.ts';
import type { Clock } from '../../clock.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { eodFileName, renderEodCsv, renderEodPdf } from './eod-files.ts';
import { EOD_FAILED_REASON, type MakeEodData } from './eod-jobs.ts';
import type { EodTotals } from './eod-totals.ts';
import { type EodReportRow, eodReportsRepository as repo } from './repository.ts';
import { EOD_REPORTS_PAGE_SIZE } from './schemas.ts';

const eodCursor = createCursorCodec('eod-reports', ['day', 'uuid'] as const);
const eodNotFound = () => notFound('End-of-day report not found');

export function toEodReport(row: EodReportRow) {
  const ready = row.state === 'READY';
  return {
    id: row.id,
    siteId: row.siteId,
    siteName: row.siteName,
    tradingDay: row.businessDate,
    timeZone: row.timeZone,
    windowStart: row.windowStart?.toISOString() ?? null,
    windowEnd: row.windowEnd?.toISOString() ?? null,
    state: row.state as 'NEW' | 'PROCESSING' | 'READY' | 'ERROR',
    origin: row.origin as 'scheduled' | 'requested',
    currency: row.currency,
    totals: ready ? (row.totals as unknown as EodTotals) : null,
    error: row.error,
    generatedAt: row.generatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const invalid = (field: string, rule: 'validation.cursorInvalid' | 'validation.eodDayNotClosed') =>
  badRequest('The request is not valid', [{ field, rule, message: translate(rule, 'en-GB') }]);

/**
 * End-of-day reports (issue 12 §4): one per site and trading day, made by the eod-reports.make-day job (when
 * the window closes, or when a user asks for a day); read here, scoped to the sites the caller holds
 * EODReport:ListReports on. Files are rendered from the stored figures on download.
 */
export function createEodReportsService(deps: {
  tenantDb: TenantDb;
  clock: Clock;
  enqueue: (data: MakeEodData) => Promise<void>;
}) {
  const held = (access: MerchantAccessContext, siteId: string) => {
    const sites = sitesWithPermission(access, 'EODReport:ListReports');
    return sites === 'all' || sites.includes(siteId);
  };

  async function getReadable(access: MerchantAccessContext, eodReportId: string) {
    const row = isUuid(eodReportId)
      ? await deps.tenantDb.forMerchant(access.merchantId, (tx) =>
          repo.get(tx, access.merchantId, eodReportId),
        )
      : undefined;
    if (!row || !held(access, row.siteId)) throw eodNotFound();
    return row;
  }

  return {
    async list(
      access: MerchantAccessContext,
      query: {
        siteId?: string | undefined;
        from?: string | undefined;
        to?: string | undefined;
        lastKey?: string | undefined;
      },
    ) {
      const cursor = query.lastKey ? eodCursor.decode(query.lastKey) : undefined;
      if (query.lastKey && !cursor) throw invalid('lastKey', 'validation.cursorInvalid');
      const sites = sitesWithPermission(access, 'EODReport:ListReports');
      const siteIds = query.siteId ? [query.siteId] : sites === 'all' ? undefined : sites.filter(isUuid);
      const rows = await deps.tenantDb.forMerchant(access.merchantId, async (tx) => {
        if (query.siteId && !(await repo.site(tx, access.merchantId, query.siteId)))
          throw notFound('Site not found');
        return repo.list(
          tx,
          access.merchantId,
          { siteIds, from: query.from, to: query.to },
          cursor ? { tradingDay: cursor[0], id: cursor[1] } : undefined,
          EOD_REPORTS_PAGE_SIZE + 1,
        );
      });
      const page = rows.slice(0, EOD_REPORTS_PAGE_SIZE);
      const last = page.at(-1);
      return {
        data: page.map(toEodReport),
        lastKey:
          rows.length > EOD_REPORTS_PAGE_SIZE && last ? eodCursor.encode([last.businessDate, last.id]) : null,
      };
    },

    async get(access: MerchantAccessContext, eodReportId: string) {
      return toEodReport(await getReadable(access, eodReportId));
    },

    /**
     * Asks for (or remakes) one site's report of a closed trading day: the row turns NEW and a make-day job,
     * singleton per site and day, fills it. The route already checked EODReport:CreateReports on the site.
     */
    async create(access: MerchantAccessContext, body: CreateEodReportInput) {
      const { id } = await deps.tenantDb.forMerchant(access.merchantId, async (tx) => {
        const site = await repo.site(tx, access.merchantId, body.siteId);
        if (!site) throw notFound('Site not found');
        const lastClosed = lastClosedTradingDay(deps.clock.now(), site.settlementWindow, site.timeZone);
        if (body.tradingDay > lastClosed) throw invalid('tradingDay', 'validation.eodDayNotClosed');
        return repo.upsert(tx, {
          merchantId: access.merchantId,
          siteId: body.siteId,
          tradingDay: body.tradingDay,
          currency: site.currency,
          origin: 'requested',
          createdBy: access.actor.userId,
        });
      });
      try {
        await deps.enqueue({
          merchantId: access.merchantId,
          siteId: body.siteId,
          tradingDay: body.tradingDay,
          requested: true,
        });
      } catch (error) {
        // No job will make it: rather than NEW for ever, the report reads ERROR ("request it again"), as after a
        // last failed attempt; the caller is answered the error. (A process killed here leaves it NEW: the
        // schedule makes NEW days within its reach.)
        await deps.tenantDb
          .forMerchant(access.merchantId, (tx) =>
            repo.failIfNew(tx, access.merchantId, id, EOD_FAILED_REASON),
          )
          .catch(() => undefined);
        throw error;
      }
      return { eodReportId: id };
    },

    /** The READY report as a file in the caller's language: PDF (pdfkit) or CSV. */
    async file(access: MerchantAccessContext, eodReportId: string, format: 'pdf' | 'csv', locale: Locale) {
      const report = toEodReport(await getReadable(access, eodReportId));
      if (report.state !== 'READY' || !report.totals)
        throw conflict('The end-of-day report is not ready yet');
      const source = { ...report, totals: report.totals };
      return format === 'pdf'
        ? {
            filename: eodFileName(report, 'pdf'),
            contentType: 'application/pdf',
            body: await renderEodPdf(source, locale),
          }
        : {
            filename: eodFileName(report, 'csv'),
            contentType: 'text/csv; charset=utf-8',
            body: renderEodCsv(source, locale),
          };
    },
  };
}

export type EodReportsService = ReturnType<typeof createEodReportsService>;
