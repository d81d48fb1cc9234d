import { useSyncExternalStore } from 'react';
import { connectionMonitor } from './connection-monitor.ts';
import { type SessionSnapshot, sessionStore } from './session-store.ts';

/** The stored session (tokens, profile, end of session), re-rendering on change. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
}

/** The signed-in profile, or null. */
export function useCurrentProfile() {
  return useSession().userData?.profile ?? null;
}

export function useOnline(): boolean {
  return useSyncExternalStore(connectionMonitor.subscribe, () => connectionMonitor.getSnapshot().online);
}
