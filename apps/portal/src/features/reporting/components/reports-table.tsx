import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatCount } from '../../../lib/format/numbers.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import type { ReportSite } from '../api/list-report-sites.ts';
import type { Report } from '../api/list-reports.ts';

interface ReportsTableProps {
  records: Report[] | undefined;
  sites: readonly ReportSite[];
  loading: boolean;
  error: Error | null;
  onRetry(): void;
  keyset: { hasMore: boolean; loadingMore: boolean; onLoadMore(): void };
  downloading: string | undefined;
  onDownload(report: Report): void;
}

/** The reports list: when asked, what, which sites and days, state with progress, rows, and the download. */
export function ReportsTable({
  records,
  sites,
  loading,
  error,
  onRetry,
  keyset,
  downloading,
  onDownload,
}: ReportsTableProps) {
  const { t } = useTranslation();
  const siteName = (id: string) => {
    const site = sites.find((candidate) => candidate.siteId === id);
    return site ? (site.displayName ?? site.name) : id.slice(0, 8);
  };
  // A calendar day is shown as the day itself, not converted to another zone.
  const day = (value: string) => <DateTime span value={`${value}T12:00:00Z`} format="date" timeZone="UTC" />;
  return (
    <DataTable<Report>
      label={t('routes.reports')}
      idAccessor="id"
      records={records}
      loading={loading}
      error={error}
      onRetry={onRetry}
      empty={{ text: t('reports.none') }}
      keyset={keyset}
      columns={[
        {
          accessor: 'createdAt',
          title: t('reports.columns.requested'),
          render: (report) => <DateTime value={report.createdAt} />,
        },
        {
          accessor: 'type',
          title: t('reports.columns.type'),
          render: (report) => t(`reports.types.${report.type}`),
        },
        {
          accessor: 'siteIds',
          title: t('reports.columns.covers'),
          render: (report) => (
            <Stack gap={0}>
              <Text size="sm">
                {report.siteIds ? report.siteIds.map(siteName).join(', ') : t('reports.form.allSites')}
              </Text>
              <Text size="xs" c="dimmed">
                {report.pspReferences ? (
                  t('reports.references', { count: report.pspReferences.length })
                ) : report.from && report.to ? (
                  <>
                    {day(report.from)} – {day(report.to)}
                  </>
                ) : null}
              </Text>
            </Stack>
          ),
        },
        {
          accessor: 'state',
          title: t('reports.columns.state'),
          render: (report) => (
            <Stack gap={4}>
              <StatusBadge family="report" status={report.state} />
              {report.state === 'PROCESSING' && (
                <Progress
                  value={report.progress}
                  size="sm"
                  aria-label={t('reports.progress', { percent: report.progress })}
                />
              )}
              {report.state === 'ERROR' && report.error && (
                <Text size="xs" c="red">
                  {t('reports.failed')}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          accessor: 'rowCount',
          title: t('reports.columns.rows'),
          textAlign: 'right',
          render: (report) =>
            report.rowCount === null ? '—' : formatCount(report.rowCount, currentLocale()),
        },
        {
          accessor: 'id',
          title: t('reports.columns.actions'),
          textAlign: 'right',
          render: (report) =>
            report.state === 'READY' ? (
              <Group justify="flex-end">
                <Button
                  size="xs"
                  variant="default"
                  loading={downloading === report.id}
                  aria-label={t('reports.downloadOne', { type: t(`reports.types.${report.type}`) })}
                  onClick={() => onDownload(report)}
                >
                  {t('reports.download')}
                </Button>
              </Group>
            ) : null,
        },
      ]}
    />
  );
}
