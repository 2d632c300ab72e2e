/**
 * Saves a downloaded response in the browser under the file name the server gave
 * (`Content-Disposition`), or `fallback`; answers the name used.
 */
export async function saveDownload(response: Response, fallback: string): Promise<string> {
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
  saveBlob(await response.blob(), filename);
  return filename;
}

/** Saves a Blob under `filename` through a temporary link. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns: the address lives a moment more.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
