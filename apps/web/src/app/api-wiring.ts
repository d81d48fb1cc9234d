import { MESSAGES } from '@app/shared';
import { onApiEvent } from '../api/index.ts';
import { showToast } from '../ui/toasts/toast-store.ts';
import { maintenanceStore } from './maintenance.ts';

/** Delay between the 'session expired' toast and the reload (spec 1 §9). */
export const SESSION_EXPIRED_RELOAD_MS = 2_000;

let reloadScheduled = false;

/** Routes the HTTP client's events to the toast stack; returns the unsubscribe function. */
export function wireApiEvents(reload: () => void = () => window.location.reload()): () => void {
  return onApiEvent((event) => {
    if (event.type === 'toast') {
      showToast(event.toastType, event.message);
      return;
    }
    if (event.type === 'maintenance') {
      maintenanceStore.set(true);
      return;
    }
    showToast('auth', MESSAGES.sessionExpiredToast);
    if (!reloadScheduled) {
      reloadScheduled = true;
      setTimeout(reload, SESSION_EXPIRED_RELOAD_MS);
    }
  });
}
