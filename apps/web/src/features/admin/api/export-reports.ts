import type { AdminExportQuery } from '@candor/contract/admin';
import { useMutation } from '@tanstack/react-query';
import { apiFetchResponse } from '@/lib/api-client';

/** The export's address: the list's filters and order, and descriptions when asked for. */
export function exportAddress(query: AdminExportQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && value !== 'all' && value !== 'false') {
      params.set(key, String(value));
    }
  }
  const search = params.toString();
  return `/api/admin/reports/export.csv${search ? `?${search}` : ''}`;
}

/** Downloads the CSV export and saves it under the server's file name. */
export async function exportReports(query: AdminExportQuery): Promise<string> {
  const response = await apiFetchResponse(exportAddress(query));
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'candor-reports.csv';
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

export function useExportReports() {
  return useMutation({ mutationFn: exportReports });
}
