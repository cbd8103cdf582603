import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { Page } from '../../../components/page.tsx';
import { isApiError } from '../../../lib/api/api-error.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { pathTo } from '../../../lib/paths.ts';
import { useDownloadReport } from '../api/download-report.ts';

/**
 * /reports/{reportId}/download (Report_DownloadReport): the page a link in an e-mail opens. It fetches the
 * report's signed URL and starts the download at once; "Report not found" for an unknown or foreign report.
 */
export default function ReportsDownloadScreen() {
  const { t } = useTranslation();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const { reportId = '' } = useParams();
  const download = useDownloadReport(merchantId);
  const { mutate } = download;

  // Opening the page is the user's request to download: start it once per report.
  useEffect(() => {
    if (merchantId && reportId) mutate(reportId);
  }, [merchantId, reportId, mutate]);

  const notFound = isApiError(download.error) && download.error.status === 404;
  const notReady = isApiError(download.error) && download.error.status === 409;
  return (
    <Page titleKey="routes.reports-download">
      {download.isPending && (
        <Group gap="sm" role="status">
          <LoadingIndicator size="sm" decorative />
          <Text>{t('reports.downloadPage.preparing')}</Text>
        </Group>
      )}
      {download.isSuccess && (
        <Text role="status">{t('reports.downloadPage.started', { filename: download.data.filename })}</Text>
      )}
      {download.isError && (
        <Alert color="red" variant="light" role="alert">
          {notFound
            ? t('reports.notFound')
            : notReady
              ? t('reports.downloadPage.notReady')
              : t('reports.downloadFailed')}
        </Alert>
      )}
      <Group>
        {(download.isSuccess || notReady) && (
          <Button variant="default" onClick={() => mutate(reportId)}>
            {t('reports.downloadPage.again')}
          </Button>
        )}
        <Button component={Link} to={pathTo('reports')} variant="subtle">
          {t('reports.downloadPage.allReports')}
        </Button>
      </Group>
    </Page>
  );
}
