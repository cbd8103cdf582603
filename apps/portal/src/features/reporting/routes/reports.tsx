import { Paper, Title } from '@mantine/core';
import { REPORT_TYPES } from '@mp/domain/enums';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { Page } from '../../../components/page.tsx';
import { useUrlFilters } from '../../../components/use-url-filters.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { useCreateReport } from '../api/create-report.ts';
import { useDownloadReport } from '../api/download-report.ts';
import { useReportSites } from '../api/list-report-sites.ts';
import { type Report, useReports } from '../api/list-reports.ts';
import { ReportRequestForm } from '../components/report-request-form.tsx';
import { ReportsTable } from '../components/reports-table.tsx';

/**
 * /reports (Report_ListReports): request a report, watch it go NEW → PROCESSING → READY (the list asks again
 * while one is unfinished), and download it. A toast says when one the user is waiting for is ready.
 */
export default function ReportsScreen() {
  const { t } = useTranslation();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const { values } = useUrlFilters(['type']);
  const sites = useReportSites(merchantId);
  const reports = useReports(merchantId, values.type);
  const create = useCreateReport(merchantId);
  const download = useDownloadReport(merchantId);
  const records = reports.data?.pages.flatMap((page) => page.data);

  // A toast when a report seen unfinished on this page turns READY (an event, not derived state).
  const seenUnfinished = useRef(new Set<string>());
  useEffect(() => {
    for (const report of records ?? []) {
      if (report.state === 'NEW' || report.state === 'PROCESSING') seenUnfinished.current.add(report.id);
      else if (seenUnfinished.current.delete(report.id) && report.state === 'READY')
        notify(t('reports.ready', { type: t(`reports.types.${report.type}`) }));
    }
  }, [records, t]);

  // Not `mutate`'s own onError: the other rows' buttons stay enabled during a download, and a second `mutate`
  // drops the callbacks of the first (its failure went unsaid). Each promise settles on its own.
  const onDownload = (report: Report) =>
    download.mutateAsync(report.id).then(
      () => undefined,
      () => notify(t('reports.downloadFailed'), 'error'),
    );

  return (
    <Page titleKey="routes.reports">
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('reports.form.title')}
        </Title>
        <ReportRequestForm
          sites={sites.data ?? []}
          isLoading={create.isPending}
          error={create.error}
          onSubmit={(input) => create.mutate(input, { onSuccess: () => notify(t('reports.requested')) })}
        />
      </Paper>
      <FilterBar
        fields={[
          {
            type: 'select',
            name: 'type',
            label: t('reports.columns.type'),
            options: REPORT_TYPES.map((type) => ({ value: type, label: t(`reports.types.${type}`) })),
          },
        ]}
      />
      <ReportsTable
        records={records}
        sites={sites.data ?? []}
        loading={reports.isPending}
        error={reports.error}
        onRetry={() => void reports.refetch()}
        keyset={{
          hasMore: reports.hasNextPage,
          loadingMore: reports.isFetchingNextPage,
          onLoadMore: () => void reports.fetchNextPage(),
        }}
        downloading={download.isPending ? download.variables : undefined}
        onDownload={onDownload}
      />
    </Page>
  );
}
