import { ApiError } from './api-client';

export type Progress = (fraction: number) => void;

/**
 * POSTs a multipart form with XMLHttpRequest, because fetch cannot report upload progress.
 * Sends an `authorization` header only when given one, stops when `signal` is aborted (rejecting
 * with an AbortError); answers the status and the parsed body
 * (null when it is not JSON), and rejects only when nothing came back.
 */
export function sendForm(
  url: string,
  form: FormData,
  onProgress: Progress,
  authorization?: string,
  signal?: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const aborted = () => new DOMException('The request was stopped.', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.onabort = () => reject(aborted());
    request.open('POST', url);
    request.setRequestHeader('accept', 'application/json');
    if (authorization) request.setRequestHeader('authorization', authorization);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(new ApiError(0, null));
    request.send(form);
  });
}
