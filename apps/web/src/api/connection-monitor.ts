import {
  afterPing,
  CONNECTION_CHECK_INTERVAL_MS,
  CONNECTION_PING_TIMEOUT_MS,
  type ConnectionState,
  INITIAL_CONNECTION_STATE,
} from './connection-rules.ts';
import { send } from './transport.ts';

type Listener = () => void;
const listeners = new Set<Listener>();
let state: ConnectionState = {
  ...INITIAL_CONNECTION_STATE,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
};
let interval: ReturnType<typeof setInterval> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let pinging = false;

function setState(next: ConnectionState) {
  if (next.online === state.online && next.retryCount === state.retryCount) return;
  state = next;
  for (const listener of listeners) listener();
}

async function ping(): Promise<boolean> {
  try {
    const { status } = await send({ method: 'GET', path: '/health', timeoutMs: CONNECTION_PING_TIMEOUT_MS });
    return status === 200;
  } catch {
    return false;
  }
}

async function check(): Promise<void> {
  if (pinging) return;
  pinging = true;
  try {
    const ok = (typeof navigator === 'undefined' || navigator.onLine) && (await ping());
    const outcome = afterPing(state, ok);
    setState(outcome.state);
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    if (outcome.retryInMs !== null && interval !== null) {
      retryTimer = setTimeout(() => void check(), outcome.retryInMs);
    }
  } finally {
    pinging = false;
  }
}

const onOnline = () => void check();
const onOffline = () => setState({ ...state, online: false });

/** Online/offline indicator source: health pings, browser events and the client's own calls. */
export const connectionMonitor = {
  getSnapshot: (): ConnectionState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  start(): void {
    if (interval !== null) return;
    interval = setInterval(() => void check(), CONNECTION_CHECK_INTERVAL_MS);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    void check();
  },
  stop(): void {
    if (interval !== null) clearInterval(interval);
    if (retryTimer !== null) clearTimeout(retryTimer);
    interval = null;
    retryTimer = null;
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  },
  /** An answer from the API arrived: the server is reachable. */
  reportReachable(): void {
    if (!state.online || state.retryCount !== 0) setState({ online: true, retryCount: 0 });
  },
  /** A call got no answer: check now rather than in five minutes. */
  reportUnreachable(): void {
    if (interval !== null && state.online) void check();
  },
};
