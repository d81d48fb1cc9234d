/**
 * Connection monitor rules (spec 1 §4, §9): the API is pinged every 5 minutes; after a failed
 * ping, retries follow with a wait of min(10 s × retry number, 60 s), at most 3, then the
 * monitor waits for the next regular check.
 */
export const CONNECTION_CHECK_INTERVAL_MS = 5 * 60_000;
export const CONNECTION_MAX_RETRIES = 3;
export const CONNECTION_RETRY_STEP_MS = 10_000;
export const CONNECTION_RETRY_MAX_DELAY_MS = 60_000;
/** Connectivity test timeout (spec 1 §7). */
export const CONNECTION_PING_TIMEOUT_MS = 5_000;

export function connectionRetryDelay(retryCount: number): number {
  return Math.min(CONNECTION_RETRY_STEP_MS * Math.max(1, retryCount), CONNECTION_RETRY_MAX_DELAY_MS);
}

export interface ConnectionState {
  online: boolean;
  /** Retries made since the last successful ping. */
  retryCount: number;
}

export const INITIAL_CONNECTION_STATE: ConnectionState = { online: true, retryCount: 0 };

export interface PingOutcome {
  state: ConnectionState;
  /** Wait before the next retry; null when no retry is due (success, or retries exhausted). */
  retryInMs: number | null;
}

/** The state after a ping and what to do next. */
export function afterPing(state: ConnectionState, ok: boolean): PingOutcome {
  if (ok) return { state: { online: true, retryCount: 0 }, retryInMs: null };
  if (state.retryCount >= CONNECTION_MAX_RETRIES) {
    return { state: { online: false, retryCount: state.retryCount }, retryInMs: null };
  }
  const retryCount = state.retryCount + 1;
  return { state: { online: false, retryCount }, retryInMs: connectionRetryDelay(retryCount) };
}
