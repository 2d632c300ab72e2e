import { useMutation } from '@tanstack/react-query';
import { apiFetchResponse } from '@/lib/api-client';

/** Downloads the PDF and saves it under the server's file name (spec section 7). */
export async function exportCertificate(id: number): Promise<string> {
  const response = await apiFetchResponse(`/api/reports/reports/${id}/certificate/`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `certificate_report_${id}.pdf`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return filename;
}

export function useExportCertificate() {
  return useMutation({ mutationFn: exportCertificate });
}
