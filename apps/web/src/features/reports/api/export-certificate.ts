import { useMutation } from '@tanstack/react-query';
import { apiFetchResponse } from '@/lib/api-client';
import { saveDownload } from '@/lib/save-download';

/** Downloads the PDF and saves it under the server's file name (as in the original product). */
export async function exportCertificate(id: number): Promise<string> {
  const response = await apiFetchResponse(`/api/reports/reports/${id}/certificate/`);
  return saveDownload(response, 'certificate.pdf');
}

export function useExportCertificate() {
  return useMutation({ mutationFn: exportCertificate });
}
