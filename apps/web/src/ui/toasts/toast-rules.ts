/**
 * Rules of the global toast stack (spec 1 §2.8, §8): at most 5 shown, a duplicate (same type
 * and message) within 5 seconds is ignored, every toast but the auth one vanishes after
 * 10 seconds. Pure: the caller passes the clock.
 */
export type ToastType = 'general' | 'auth' | 'network' | 'success';

export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  /** When it was shown, ms since epoch. */
  timestamp: number;
}

export const MAX_TOASTS = 5;
export const DUPLICATE_WINDOW_MS = 5_000;
export const TOAST_LIFETIME_MS = 10_000;

export const TOAST_TITLES: Record<ToastType, string> = {
  general: 'Erreur',
  auth: 'Session expirée',
  network: 'Problème de connexion',
  success: 'Succès',
};

export function isDuplicate(toasts: readonly Toast[], type: ToastType, message: string, now: number): boolean {
  return toasts.some((t) => t.type === type && t.message === message && now - t.timestamp < DUPLICATE_WINDOW_MS);
}

/** The stack after a new toast: unchanged for a recent duplicate; the oldest dropped beyond the limit. */
export function addToast(toasts: readonly Toast[], toast: Toast): Toast[] {
  if (isDuplicate(toasts, toast.type, toast.message, toast.timestamp)) return [...toasts];
  const next = [...toasts, toast];
  while (next.length > MAX_TOASTS) {
    // The auth toast carries the way out (reload): drop the oldest other one first.
    const index = next.findIndex((t) => t.type !== 'auth');
    next.splice(index === -1 ? 0 : index, 1);
  }
  return next;
}

export function expires(toast: Toast): boolean {
  return toast.type !== 'auth';
}

/** The stack without the toasts whose 10 seconds are over. */
export function removeExpired(toasts: readonly Toast[], now: number): Toast[] {
  return toasts.filter((t) => !expires(t) || now - t.timestamp < TOAST_LIFETIME_MS);
}

/** Milliseconds until the next toast expires; null when none will. */
export function nextExpiryIn(toasts: readonly Toast[], now: number): number | null {
  let soonest: number | null = null;
  for (const t of toasts) {
    if (!expires(t)) continue;
    const left = Math.max(0, t.timestamp + TOAST_LIFETIME_MS - now);
    soonest = soonest === null ? left : Math.min(soonest, left);
  }
  return soonest;
}

/** The 'Effacer toutes les notifications' button shows when more than one toast is shown. */
export function showClearAll(toasts: readonly Toast[]): boolean {
  return toasts.length > 1;
}
