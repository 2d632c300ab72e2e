import { useMutation } from '@tanstack/react-query';
import { apiFetchResponse } from '@/lib/api-client';
import { saveDownload } from '@/lib/save-download';

/**
 * Downloads the PDF and saves it under the server's file name (as in the original product). The
 * report's title is printed only when `withTitle` (the reporter's choice, off by default).
 */
export async function exportCertificate({
  id,
  withTitle,
}: {
  id: number;
  withTitle: boolean;
}): Promise<string> {
  const query = withTitle ? '?title=true' : '';
  const response = await apiFetchResponse(`/api/reports/reports/${id}/certificate/${query}`);
  return saveDownload(response, 'certificate.pdf');
}

export function useExportCertificate() {
  return useMutation({ mutationFn: exportCertificate });
}
