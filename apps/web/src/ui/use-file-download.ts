import { useState } from 'react';
import { showToast } from './toasts/toast-store.ts';
import { failureText } from './use-confirm-action.ts';

/**
 * A row's private file (a receipt's scan, a justificatif) opened in a new tab: which row's is on
 * its way, and a toast saying `failure` when it cannot be had.
 */
export function useFileDownload<T extends { id: number }>(open: (row: T) => Promise<void>, failure: string) {
  const [loadingId, setLoadingId] = useState<number | null>(null);
  const download = (row: T) => {
    setLoadingId(row.id);
    open(row)
      .catch((error: unknown) => {
        showToast('general', failureText(failure, error instanceof Error ? error : new Error(String(error))));
      })
      .finally(() => setLoadingId(null));
  };
  return { loadingId, download };
}
