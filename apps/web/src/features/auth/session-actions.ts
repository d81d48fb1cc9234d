import type { LoginData } from '@app/shared';
import type { QueryClient } from '@tanstack/react-query';
import { sessionStore, tokenMonitor } from '../../api/index.ts';
import { logoutCall } from './auth.api.ts';
import { authKeys } from './auth.queries.ts';

/** After a successful login: tokens, user and profile stored; the gate then starts monitoring. */
export function startSession(data: LoginData, queryClient: QueryClient): void {
  queryClient.clear();
  sessionStore.start({
    token: data.token,
    refreshToken: data.refreshToken,
    sessionExpiresAt: data.sessionExpiresAt,
    profile: { ...data.personnel, must_change_password: data.must_change_password },
  });
  queryClient.setQueryData(authKeys.profile(), data.personnel);
}

/** Logout (spec 1 §4): monitoring stopped, logout call made, all stored data cleared even if the call fails. */
export async function endSession(queryClient: QueryClient): Promise<void> {
  tokenMonitor.stop();
  try {
    await logoutCall();
  } catch {
    // The server may be unreachable or the session already over: sign out locally anyway.
  } finally {
    sessionStore.clear();
    queryClient.clear();
  }
}
