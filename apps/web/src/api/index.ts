export { type ApiMessage, type ApiSuccess, api, circuitBreaker, type RequestOptions, request } from './client.ts';
export { connectionMonitor } from './connection-monitor.ts';
export { ApiError } from './errors.ts';
export { type ApiEvent, emitApiEvent, onApiEvent } from './events.ts';
export { fetchPage, type Page } from './fetch-page.ts';
export { RefreshError, refreshSession } from './refresh.ts';
export { type SessionSnapshot, sessionStore } from './session-store.ts';
export {
  DRAFT_PREFIX,
  readLocally,
  STORAGE_KEYS,
  storage,
  type UserData,
  writeLocally,
} from './storage.ts';
export { tokenMonitor } from './token-monitor.ts';
export { useCurrentProfile, useOnline, useSession } from './use-session.ts';
