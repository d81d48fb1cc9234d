import { ApiError } from '../api/index.ts';
import { showToast } from './toasts/toast-store.ts';

/**
 * Shows a failed action's message as a toast, unless the HTTP client already showed one
 * (connection failures and server errors have their own toast).
 */
export function toastActionError(error: Error): void {
  if (error instanceof ApiError && (error.isConnection || error.status >= 500)) return;
  showToast('general', error.message);
}
