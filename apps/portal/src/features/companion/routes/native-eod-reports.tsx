import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { Page } from '../../../components/page.tsx';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { useEodReports } from '../api/list-eod-reports.ts';
import { EodReportCard } from '../components/eod-report-card.tsx';

/** /native-app/eod-reports (SPEC §2.1 mobile-app view): the end-of-day reports of the sites the user may see. */
export default function NativeEodReportsScreen() {
  const { t } = useTranslation();
  const merchant = useCurrentMerchant();
  const reports = useEodReports(merchant?.merchantId ?? '');
  const items = reports.data?.pages.flatMap((page) => page.data);
  return (
    <Page titleKey="routes.native-eod-reports">
      {reports.isError ? (
        <Alert color="red" title={t('companion.eod.failed')}>
          <Button variant="light" onClick={() => void reports.refetch()}>
            {t('companion.capital.retry')}
          </Button>
        </Alert>
      ) : !items ? (
        <LoadingIndicator />
      ) : items.length === 0 ? (
        <EmptyState>{t('companion.eod.none')}</EmptyState>
      ) : (
        <Stack gap="sm">
          {items.map((report) => (
            <EodReportCard key={report.id} report={report} />
          ))}
          {reports.hasNextPage && (
            <Button
              variant="light"
              loading={reports.isFetchingNextPage}
              onClick={() => void reports.fetchNextPage()}
            >
              {t('companion.eod.more')}
            </Button>
          )}
        </Stack>
      )}
    </Page>
  );
}
