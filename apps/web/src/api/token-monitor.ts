import { shouldRefresh, TOKEN_CHECK_INTERVAL_MS, tokenExpiry } from '@app/shared';
import { refreshSession } from './refresh.ts';
import { sessionStore } from './session-store.ts';

/** Whether the token monitor must refresh now: a session exists and the token has under 10 min left. */
export function tokenNeedsRefresh(token: string | null, refreshToken: string | null, nowMs: number): boolean {
  if (!refreshToken) return false;
  return shouldRefresh(tokenExpiry(token), nowMs);
}

let interval: ReturnType<typeof setInterval> | null = null;

function check(): void {
  const { token, refreshToken } = sessionStore.reload();
  if (tokenNeedsRefresh(token, refreshToken, Date.now())) {
    // Failures are reported by refreshSession itself (toast, end of session).
    refreshSession(token).catch(() => undefined);
  }
}

const onVisible = () => {
  if (document.visibilityState === 'visible') check();
};

/** Checks the token every 5 minutes (and when the tab comes back) and refreshes it when due. */
export const tokenMonitor = {
  start(): void {
    if (interval !== null) return;
    interval = setInterval(check, TOKEN_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisible);
    check();
  },
  stop(): void {
    if (interval !== null) clearInterval(interval);
    interval = null;
    document.removeEventListener('visibilitychange', onVisible);
  },
  get running(): boolean {
    return interval !== null;
  },
};
