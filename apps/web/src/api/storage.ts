import type { Profile } from '@app/shared';

/** Local storage keys (spec 1 §3): auth token, refresh token, user data, API base URL. */
export const STORAGE_KEYS = {
  token: 'auth_token',
  refreshToken: 'refresh_token',
  userData: 'user_data',
  apiBaseUrl: 'api_base_url',
} as const;

export const DEFAULT_API_BASE_URL = '/api';

/** The forms' drafts (ui/use-draft.ts), one per account and form, under this prefix. */
export const DRAFT_PREFIX = 'brouillon:';

/** What the app keeps about the signed-in person: the user, the profile and the end of the session. */
export interface UserData {
  user: { id: number; email: string };
  profile: Profile;
  /** ISO date of the end of the session (header countdown). */
  sessionExpiresAt: string;
}

/** One key of the browser's storage, or null (none, or storage refused). */
export function readLocally(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes (null: removes) one key; storage full or refused leaves things as they were. */
export function writeLocally(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or refused (private mode): the session lives in memory only.
  }
}

export const storage = {
  getToken: () => readLocally(STORAGE_KEYS.token),
  setToken: (token: string | null) => writeLocally(STORAGE_KEYS.token, token),
  getRefreshToken: () => readLocally(STORAGE_KEYS.refreshToken),
  setRefreshToken: (token: string | null) => writeLocally(STORAGE_KEYS.refreshToken, token),
  getUserData(): UserData | null {
    const raw = readLocally(STORAGE_KEYS.userData);
    if (!raw) return null;
    try {
      const value = JSON.parse(raw) as UserData;
      return value && typeof value === 'object' && value.profile ? value : null;
    } catch {
      return null;
    }
  },
  setUserData: (data: UserData | null) => writeLocally(STORAGE_KEYS.userData, data ? JSON.stringify(data) : null),
  /** Same-origin path only: the API is always served by the same server (CSP connect-src 'self'). */
  getApiBaseUrl(): string {
    const value = readLocally(STORAGE_KEYS.apiBaseUrl);
    return value?.startsWith('/') && !value.startsWith('//') ? value.replace(/\/+$/, '') : DEFAULT_API_BASE_URL;
  },
  setApiBaseUrl: (url: string) => writeLocally(STORAGE_KEYS.apiBaseUrl, url),
  /**
   * Everything the app stored, on logout or when the session is over; the forms' drafts too: a
   * shared computer keeps nothing that was typed.
   */
  clearAll(): void {
    for (const key of Object.values(STORAGE_KEYS)) writeLocally(key, null);
    try {
      for (const key of Object.keys(window.localStorage)) if (key.startsWith(DRAFT_PREFIX)) writeLocally(key, null);
    } catch {
      // No storage: no draft either.
    }
  },
};
