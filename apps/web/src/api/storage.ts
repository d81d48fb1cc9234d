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

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or refused (private mode): the session lives in memory only.
  }
}

export const storage = {
  getToken: () => read(STORAGE_KEYS.token),
  setToken: (token: string | null) => write(STORAGE_KEYS.token, token),
  getRefreshToken: () => read(STORAGE_KEYS.refreshToken),
  setRefreshToken: (token: string | null) => write(STORAGE_KEYS.refreshToken, token),
  getUserData(): UserData | null {
    const raw = read(STORAGE_KEYS.userData);
    if (!raw) return null;
    try {
      const value = JSON.parse(raw) as UserData;
      return value && typeof value === 'object' && value.profile ? value : null;
    } catch {
      return null;
    }
  },
  setUserData: (data: UserData | null) => write(STORAGE_KEYS.userData, data ? JSON.stringify(data) : null),
  /** Same-origin path only: the API is always served by the same server (CSP connect-src 'self'). */
  getApiBaseUrl(): string {
    const value = read(STORAGE_KEYS.apiBaseUrl);
    return value?.startsWith('/') && !value.startsWith('//') ? value.replace(/\/+$/, '') : DEFAULT_API_BASE_URL;
  },
  setApiBaseUrl: (url: string) => write(STORAGE_KEYS.apiBaseUrl, url),
  /**
   * Everything the app stored, on logout or when the session is over; the forms' drafts too: a
   * shared computer keeps nothing that was typed.
   */
  clearAll(): void {
    for (const key of Object.values(STORAGE_KEYS)) write(key, null);
    try {
      for (const key of Object.keys(window.localStorage)) if (key.startsWith(DRAFT_PREFIX)) write(key, null);
    } catch {
      // No storage: no draft either.
    }
  },
};
