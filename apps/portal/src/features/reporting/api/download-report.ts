import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

type SignedDownload = ResponseData<'downloadReport'>;

/**
 * GET …/reports/{reportId}/download (Report:DownloadReport) gives a short-lived signed URL; the file is then
 * fetched from it and handed to the browser as a download under the name the API chose.
 */
export async function downloadReport(merchantId: string, reportId: string): Promise<SignedDownload> {
  const signed = await apiRequest<SignedDownload>(
    'GET',
    `/v1/merchants/${encodeURIComponent(merchantId)}/reports/${encodeURIComponent(reportId)}/download`,
  );
  const response = await fetch(new Request(new URL(signed.url, window.location.origin)));
  if (!response.ok) throw new Error(`The file could not be fetched (${response.status})`);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = signed.filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has been handled, so the download has started.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return signed;
}

export function useDownloadReport(merchantId: string) {
  return useMutation({ mutationFn: (reportId: string) => downloadReport(merchantId, reportId) });
}
