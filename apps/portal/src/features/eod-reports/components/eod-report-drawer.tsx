import { Alert, Drawer } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { apiErrorKey } from '../../../lib/api/api-error.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { downloadEodReport, useEodReport } from '../api/eod-reports.ts';
import { type EodFileFormat, EodReportView } from './eod-report-view.tsx';

/** Downloads a report's PDF or CSV in the interface language; a toast when the API refuses. */
export function useEodDownload(merchantId: string) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState<EodFileFormat | null>(null);
  const download = async (eodReportId: string, format: EodFileFormat) => {
    setDownloading(format);
    try {
      await downloadEodReport(merchantId, eodReportId, format, currentLocale());
    } catch {
      notify(t('eodReports.view.downloadFailed'), 'error');
    } finally {
      setDownloading(null);
    }
  };
  return { download, downloading };
}

/** One end-of-day report over the list, with its downloads. */
export function EodReportDrawer({
  merchantId,
  eodReportId,
  onClose,
}: {
  merchantId: string;
  eodReportId: string | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const query = useEodReport(merchantId, eodReportId);
  const { download, downloading } = useEodDownload(merchantId);
  return (
    <Drawer
      opened={Boolean(eodReportId)}
      onClose={onClose}
      position="right"
      size="xl"
      closeButtonProps={{ 'aria-label': t('eodReports.close') }}
      title={t('eodReports.view.title')}
    >
      {query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t(apiErrorKey(query.error, 'errors.generic', { NOT_FOUND: 'eodReports.notFound' }))}
        </Alert>
      ) : !query.data ? (
        <LoadingIndicator />
      ) : (
        <EodReportView
          report={query.data}
          downloading={downloading}
          onDownload={(format) => void download(query.data.id, format)}
        />
      )}
    </Drawer>
  );
}
