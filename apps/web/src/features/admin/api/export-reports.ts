import type { AdminExportQuery } from '@candor/contract/admin';
import { useMutation } from '@tanstack/react-query';
import { apiFetchResponse } from '@/lib/api-client';
import { saveDownload } from '@/lib/save-download';

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
  return saveDownload(response, 'candor-reports.csv');
}

export function useExportReports() {
  return useMutation({ mutationFn: exportReports });
}
