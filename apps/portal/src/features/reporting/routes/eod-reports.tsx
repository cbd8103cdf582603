import { Paper, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { Page } from '../../../components/page.tsx';
import { useUrlFilters } from '../../../components/use-url-filters.ts';
import { formatCalendarDay } from '../../../lib/format/dates.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { useCreateEodReport, useEodReports } from '../../eod-reports/api/eod-reports.ts';
import { EodReportDrawer } from '../../eod-reports/components/eod-report-drawer.tsx';
import { EodReportRequestForm } from '../../eod-reports/components/eod-report-request-form.tsx';
import { EodReportsTable } from '../../eod-reports/components/eod-reports-table.tsx';
import { EodTexts } from '../../eod-reports/eod-texts.tsx';
import { useReportSites } from '../api/list-report-sites.ts';

/**
 * /eod-reports (EODReport:ListReports): one report per site and trading day, made when the day closes; make one
 * for a chosen day, open one (?report=<id>) to read it and download it as PDF or CSV.
 */
export default function EodReportsScreen() {
  return (
    <EodTexts>
      <EodReportsContent />
    </EodTexts>
  );
}

function EodReportsContent() {
  const { t } = useTranslation();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const { values, setFilter } = useUrlFilters(['siteId', 'from', 'to', 'report']);
  const sites = useReportSites(merchantId);
  const reports = useEodReports(merchantId, { siteId: values.siteId, from: values.from, to: values.to });
  const create = useCreateEodReport(merchantId);
  const records = reports.data?.pages.flatMap((page) => page.data);

  // A toast when a report the user asked for on this page turns READY.
  const waiting = useRef(new Set<string>());
  useEffect(() => {
    for (const report of records ?? []) {
      if (waiting.current.has(report.id) && report.state !== 'NEW' && report.state !== 'PROCESSING') {
        waiting.current.delete(report.id);
        if (report.state === 'READY')
          notify(
            t('eodReports.ready', {
              site: report.siteName,
              day: formatCalendarDay(report.tradingDay, currentLocale()),
            }),
          );
      }
    }
  }, [records, t]);

  return (
    <Page titleKey="routes.eod-reports">
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('eodReports.form.title')}
        </Title>
        <EodReportRequestForm
          label={t('eodReports.form.title')}
          sites={sites.data ?? []}
          isLoading={create.isPending}
          error={create.error}
          onSubmit={(input) =>
            create.mutate(input, {
              onSuccess: ({ eodReportId }) => {
                waiting.current.add(eodReportId);
                notify(t('eodReports.requested'));
              },
            })
          }
        />
      </Paper>
      <FilterBar
        fields={[
          {
            type: 'select',
            name: 'siteId',
            label: t('eodReports.site'),
            options: (sites.data ?? []).map((site) => ({
              value: site.siteId,
              label: site.displayName ?? site.name,
            })),
          },
          { type: 'date', name: 'from', label: t('eodReports.from') },
          { type: 'date', name: 'to', label: t('eodReports.to') },
        ]}
      />
      <EodReportsTable
        records={records}
        fetching={reports.isFetching}
        error={reports.error}
        onRetry={() => void reports.refetch()}
        keyset={{
          hasMore: reports.hasNextPage,
          loadingMore: reports.isFetchingNextPage,
          onLoadMore: () => void reports.fetchNextPage(),
        }}
        onOpen={(report) => setFilter('report', report.id)}
      />
      <EodReportDrawer
        merchantId={merchantId}
        eodReportId={values.report}
        onClose={() => setFilter('report', undefined)}
      />
    </Page>
  );
}
