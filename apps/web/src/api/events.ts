/**
 * What the HTTP client tells the rest of the app: toasts to show and the end of the session.
 * The app wires these to the toast stack; the client knows nothing about the UI.
 */
export type ApiToastType = 'general' | 'auth' | 'network';

export type ApiEvent =
  | { type: 'toast'; toastType: ApiToastType; message: string }
  /** The refresh was refused: storage is already cleared; the app tells the user and reloads. */
  | { type: 'session-expired' }
  /** The server answered 503 MAINTENANCE: only administrators may use the app for now. */
  | { type: 'maintenance' };

type Listener = (event: ApiEvent) => void;
const listeners = new Set<Listener>();

export function onApiEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitApiEvent(event: ApiEvent): void {
  for (const listener of listeners) listener(event);
}
