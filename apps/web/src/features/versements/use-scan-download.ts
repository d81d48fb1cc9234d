import type { Versement } from '@app/shared';
import { useState } from 'react';
import { openScan } from '../../data/versements.ts';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { failureText } from '../../ui/use-confirm-action.ts';

/** The receipt's scan, opened in a new tab; which payment's is on its way, and a toast on a failure. */
export function useScanDownload() {
  const [loadingId, setLoadingId] = useState<number | null>(null);
  const download = (versement: Versement) => {
    setLoadingId(versement.id);
    openScan(versement)
      .catch((error: unknown) => {
        const failure = error instanceof Error ? error : new Error(String(error));
        showToast('general', failureText('Erreur lors du téléchargement du reçu', failure));
      })
      .finally(() => setLoadingId(null));
  };
  return { loadingId, download };
}
