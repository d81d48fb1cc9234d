import type { Profile } from '@app/shared';
import { storage, type UserData } from './storage.ts';

/**
 * The signed-in session: tokens and user data, mirrored to local storage, observable by
 * React (useSyncExternalStore). The one source of truth for "who is signed in".
 */
export interface SessionSnapshot {
  token: string | null;
  refreshToken: string | null;
  userData: UserData | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function load(): SessionSnapshot {
  return { token: storage.getToken(), refreshToken: storage.getRefreshToken(), userData: storage.getUserData() };
}

let snapshot: SessionSnapshot = load();

function emit(next: SessionSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

export interface SessionStart {
  token: string;
  refreshToken: string;
  sessionExpiresAt: string;
  profile: Profile;
}

export const sessionStore = {
  getSnapshot: (): SessionSnapshot => snapshot,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Re-reads local storage (another tab may have refreshed the tokens). */
  reload(): SessionSnapshot {
    const fresh = load();
    if (
      fresh.token !== snapshot.token ||
      fresh.refreshToken !== snapshot.refreshToken ||
      JSON.stringify(fresh.userData) !== JSON.stringify(snapshot.userData)
    ) {
      emit(fresh);
    }
    return snapshot;
  },
  start({ token, refreshToken, sessionExpiresAt, profile }: SessionStart): void {
    const userData: UserData = { user: { id: profile.id, email: profile.email }, profile, sessionExpiresAt };
    storage.setToken(token);
    storage.setRefreshToken(refreshToken);
    storage.setUserData(userData);
    emit({ token, refreshToken, userData });
  },
  /** New tokens after a refresh: stored at once, the refresh token rotates. */
  setTokens(token: string, refreshToken: string, sessionExpiresAt?: string, profile?: Profile): void {
    storage.setToken(token);
    storage.setRefreshToken(refreshToken);
    let userData = snapshot.userData;
    if (userData && (sessionExpiresAt || profile)) {
      userData = {
        ...userData,
        sessionExpiresAt: sessionExpiresAt ?? userData.sessionExpiresAt,
        profile: profile ?? userData.profile,
        user: profile ? { id: profile.id, email: profile.email } : userData.user,
      };
      storage.setUserData(userData);
    }
    emit({ token, refreshToken, userData });
  },
  setProfile(profile: Profile): void {
    const current = snapshot.userData;
    if (!current) return;
    const userData: UserData = { ...current, profile, user: { id: profile.id, email: profile.email } };
    storage.setUserData(userData);
    emit({ ...snapshot, userData });
  },
  setSessionExpiresAt(sessionExpiresAt: string): void {
    const current = snapshot.userData;
    if (!current) return;
    const userData: UserData = { ...current, sessionExpiresAt };
    storage.setUserData(userData);
    emit({ ...snapshot, userData });
  },
  /** Clears every stored item (tokens, user data, API base URL). */
  clear(): void {
    storage.clearAll();
    emit({ token: null, refreshToken: null, userData: null });
  },
};
