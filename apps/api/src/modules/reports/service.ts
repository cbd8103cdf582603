import { createCursorCodec } from '@mp/domain/cursor';
import { translate } from '@mp/domain/messages';
import { type Permission, sitesWithPermission } from '@mp/domain/permissions';
import type { CreateReportInput } from '@mp/domain/schemas/report';
import type { MerchantAccessContext } from '../../access/route-access.ts';
import { isUuid, type TenantDb } from '../../access/tenant-db.ts';
import type { FileStorage } from '../../adapters/storage/storage-port.ts';
import type { Clock } from '../../clock.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import type { GenerateReportData } from './report-jobs.ts';
import { type ReportRow, type ReportVisibility, reportsRepository as repo } from './repository.ts';
import { REPORTS_PAGE_SIZE } from './schemas.ts';

const reportCursor = createCursorCodec('reports', ['date', 'uuid'] as const);
/** How long a download URL works. */
export const REPORT_URL_TTL_SECONDS = 300;
/** SPEC §8: an unknown report, or one the caller may not see. */
const reportNotFound = () => notFound('Report not found');

function toReport(row: ReportRow) {
  const params = row.params as { from?: string; to?: string; pspReferences?: string[]; payoutId?: string };
  return {
    id: row.id,
    type: row.type as 'transactions' | 'payouts' | 'payoutDetail',
    state: row.state as 'NEW' | 'PROCESSING' | 'READY' | 'ERROR',
    progress: row.progress,
    siteIds: row.siteIds,
    from: params.from ?? null,
    to: params.to ?? null,
    pspReferences: params.pspReferences ?? null,
    payoutId: params.payoutId ?? null,
    rowCount: row.rowCount,
    fileSizeBytes: row.fileSizeBytes,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

const visibility = (access: MerchantAccessContext, permission: Permission): ReportVisibility => {
  const held = sitesWithPermission(access, permission);
  return held === 'all' ? 'all' : held.filter(isUuid);
};

/**
 * SPEC §7 reports. A report covers one site or every site the caller holds Report:CreateReport on; a caller
 * sees (lists, downloads) a report only when they hold every site it covers, so a site manager never reaches
 * another site's rows. The file is made by the reports.generate job (report-jobs.ts).
 */
export function createReportsService(deps: {
  tenantDb: TenantDb;
  clock: Clock;
  storage: FileStorage;
  enqueue: (data: GenerateReportData) => Promise<void>;
}) {
  async function create(
    access: MerchantAccessContext,
    values: Omit<Parameters<typeof repo.insert>[1], 'merchantId'>,
  ) {
    const row = await deps.tenantDb.forMerchant(access.merchantId, (tx) =>
      repo.insert(tx, { ...values, merchantId: access.merchantId, requestedBy: access.actor.userId }),
    );
    try {
      await deps.enqueue({ merchantId: access.merchantId, reportId: row.id });
    } catch (error) {
      // No job will make it: the request is taken back (the caller is answered the error and may ask again)
      // rather than left NEW for ever. If even that fails, the stuck-report sweep marks it ERROR.
      await deps.tenantDb
        .forMerchant(access.merchantId, (tx) => repo.removeNew(tx, access.merchantId, row.id))
        .catch(() => undefined);
      throw error;
    }
    return { reportId: row.id };
  }

  return {
    async create(access: MerchantAccessContext, body: CreateReportInput) {
      const held = visibility(access, 'Report:CreateReport');
      if (body.siteId) {
        const exists = await deps.tenantDb.forMerchant(access.merchantId, (tx) =>
          repo.siteExists(tx, access.merchantId, body.siteId as string),
        );
        if (!exists) throw notFound('Site not found');
      }
      const siteIds = body.siteId ? [body.siteId] : held === 'all' ? null : [...held];
      // The transactions screen shows the same rows: with Transaction:ListTransactions / Payout:ListPayouts.
      const needed: Permission =
        body.dataType === 'transactions' ? 'Transaction:ListTransactions' : 'Payout:ListPayouts';
      const readable = visibility(access, needed);
      if (readable !== 'all' && (siteIds === null || siteIds.some((id) => !readable.includes(id))))
        throw notFound('Site not found');
      if (siteIds?.length === 0) throw notFound('Site not found');
      return create(access, {
        type: body.dataType,
        siteIds,
        params: body.pspReferences
          ? { pspReferences: [...new Set(body.pspReferences)] }
          : { from: body.from, to: body.to },
      });
    },

    /** POST …/payouts/{payoutId}/report: a payoutDetail report (every ledger entry of the payout). */
    async createForPayout(access: MerchantAccessContext, payoutId: string) {
      const payout = isUuid(payoutId)
        ? await deps.tenantDb.forMerchant(access.merchantId, (tx) =>
            repo.payoutSite(tx, access.merchantId, payoutId),
          )
        : undefined;
      const canRead = visibility(access, 'Payout:GetPayout');
      const canCreate = visibility(access, 'Report:CreateReport');
      const holds = (held: ReportVisibility, siteId: string) => held === 'all' || held.includes(siteId);
      if (!payout || !holds(canRead, payout.siteId) || !holds(canCreate, payout.siteId))
        throw notFound('Payout not found');
      return create(access, {
        type: 'payoutDetail',
        siteIds: [payout.siteId],
        params: { payoutId: payout.id, from: payout.payoutDate, to: payout.payoutDate },
      });
    },

    async list(
      access: MerchantAccessContext,
      query: { type?: string | undefined; lastKey?: string | undefined },
    ) {
      const cursor = query.lastKey ? reportCursor.decode(query.lastKey) : undefined;
      if (query.lastKey && !cursor)
        throw badRequest('The request is not valid', [
          {
            field: 'lastKey',
            rule: 'validation.cursorInvalid',
            message: translate('validation.cursorInvalid', 'en-GB'),
          },
        ]);
      const rows = await deps.tenantDb.forMerchant(access.merchantId, async (tx) => {
        const listed = await repo.list(
          tx,
          access.merchantId,
          { type: query.type, visibility: visibility(access, 'Report:ListReports') },
          cursor ? { createdAt: cursor[0], id: cursor[1] } : undefined,
          REPORTS_PAGE_SIZE + 1,
        );
        // The page polls while the caller's reports are unfinished: each poll marks them watched, so the job
        // knows whether to e-mail when one is ready (report-ready-email.ts).
        const watched = listed
          .filter(
            (row) =>
              row.requestedBy === access.actor.userId && (row.state === 'NEW' || row.state === 'PROCESSING'),
          )
          .map((row) => row.id);
        if (watched.length > 0) await repo.markWatched(tx, access.merchantId, watched, deps.clock.now());
        return listed;
      });
      const page = rows.slice(0, REPORTS_PAGE_SIZE);
      const last = page.at(-1);
      return {
        data: page.map(toReport),
        lastKey:
          rows.length > REPORTS_PAGE_SIZE && last ? reportCursor.encode([last.createdAt, last.id]) : null,
      };
    },

    /** A short-lived URL of a READY report's CSV; "Report not found" for an unknown or foreign one. */
    async download(access: MerchantAccessContext, reportId: string) {
      const report = isUuid(reportId)
        ? await deps.tenantDb.forMerchant(access.merchantId, (tx) =>
            repo.get(tx, access.merchantId, reportId, visibility(access, 'Report:DownloadReport')),
          )
        : undefined;
      if (!report) throw reportNotFound();
      if (report.state !== 'READY' || !report.filePath) throw conflict('The report is not ready yet');
      const created = report.createdAt.toISOString().slice(0, 10);
      const filename = `${report.type}-report-${created}-${report.id.slice(0, 8)}.csv`;
      const url = await deps.storage.signedUrl(report.filePath, {
        filename,
        contentType: 'text/csv; charset=utf-8',
        expiresInSeconds: REPORT_URL_TTL_SECONDS,
      });
      return {
        url,
        filename,
        expiresAt: new Date(deps.clock.now().getTime() + REPORT_URL_TTL_SECONDS * 1000).toISOString(),
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
