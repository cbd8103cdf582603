import { Stack, Text, Title } from '@mantine/core';
import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { analyticsTexts } from '../analytics-texts.ts';
import { type RouteCounts, useRouteCounts } from '../api/route-counts.ts';

type Row = RouteCounts['routes'][number];

/**
 * The staff's page views per route (issue 14 §3): what the embedded analytics adapter recorded, per route id, over
 * the last 30 days, from visitors who accepted analytics. Shown to staff on /companies (app/screens); the API
 * answers staff only (`kind: 'staff'`). Not a route of its own: a route id costs /signin's entry bytes it does not
 * have (decision 0040).
 */
export function StaffRouteCounts() {
  return (
    <Suspense fallback={<LoadingIndicator />}>
      <RouteCountsPage />
    </Suspense>
  );
}

function RouteCountsPage() {
  const { t, i18n } = useTranslation();
  use(analyticsTexts(i18n));
  const counts = useRouteCounts();
  const number = (value: number) => value.toLocaleString(i18n.language);
  const columns: DataTableColumn<Row>[] = [
    { accessor: 'routeId', title: t('analytics.columns.route'), render: (row) => <code>{row.routeId}</code> },
    {
      accessor: 'pageViews',
      title: t('analytics.columns.views'),
      textAlign: 'right',
      render: (row) => number(row.pageViews),
    },
    {
      accessor: 'pageLeaves',
      title: t('analytics.columns.leaves'),
      textAlign: 'right',
      render: (row) => number(row.pageLeaves),
    },
    {
      accessor: 'visitors',
      title: t('analytics.columns.visitors'),
      textAlign: 'right',
      render: (row) => number(row.visitors),
    },
    {
      accessor: 'users',
      title: t('analytics.columns.users'),
      textAlign: 'right',
      render: (row) => number(row.users),
    },
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby="staff-route-counts">
      <Title order={2} size="h3" id="staff-route-counts">
        {t('analytics.title')}
      </Title>
      <Text c="dimmed">{t('analytics.description')}</Text>
      <DataTable
        label={t('analytics.table')}
        columns={columns}
        records={counts.data?.routes}
        idAccessor="routeId"
        loading={counts.isPending}
        error={counts.error}
        onRetry={() => void counts.refetch()}
        empty={{ text: t('analytics.empty') }}
      />
    </Stack>
  );
}
