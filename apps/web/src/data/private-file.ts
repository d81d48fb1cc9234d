import { request } from '../api/index.ts';

/** A long timeout for a file of up to 5 MB on a slow line. */
const FILE_TIMEOUT_MS = 5 * 60_000;

/** A private file of the API (a receipt's scan, a justificatif): the bearer token is needed. */
export function fetchPrivateFile(
  path: string,
  timeoutMs = FILE_TIMEOUT_MS,
  onProgress?: (bytes: number) => void,
): Promise<Blob> {
  return request<Blob>(path, { responseType: 'blob', timeoutMs, notify: false, onProgress });
}

/** Hands a fetched file to the browser as a download under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Opens a private file in a new tab (a PDF in the browser's viewer, an image as is). Refused by a
 * pop-up blocker, it is downloaded instead, under `fileName`.
 */
export async function openPrivateFile(path: string, fileName: string): Promise<void> {
  const blob = await fetchPrivateFile(path);
  const url = URL.createObjectURL(blob);
  if (!window.open(url, '_blank')) saveFile(blob, fileName);
  // The new tab has read it by then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
