import { MESSAGES, type Profile } from '@app/shared';
import { ApiError, httpError } from './errors.ts';
import { emitApiEvent } from './events.ts';
import { sessionStore } from './session-store.ts';
import { send } from './transport.ts';

/** A failed refresh: `auth` when the session is over, `other` for anything else (network, server). */
export class RefreshError extends Error {
  readonly type: 'auth' | 'other';
  constructor(type: 'auth' | 'other', message: string) {
    super(message);
    this.name = 'RefreshError';
    this.type = type;
  }
}

interface RefreshAnswer {
  token?: string;
  refreshToken?: string;
  sessionExpiresAt?: string;
  profile?: Profile;
}

let inflight: Promise<void> | null = null;

/**
 * Renews the access token with the refresh token. Single flight: concurrent callers share one
 * call, since the refresh token rotates and presenting an old one kills the session. Across
 * tabs, a Web Lock serialises refreshes and a tab re-reads storage before refreshing.
 *
 * `staleToken`: the access token the caller found refused; when storage already holds another
 * one (refreshed meanwhile), nothing is sent.
 */
export function refreshSession(staleToken?: string | null): Promise<void> {
  inflight ??= withLock(() => doRefresh(staleToken)).finally(() => {
    inflight = null;
  });
  return inflight;
}

async function withLock(run: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) {
    await locks.request('autopromotion-auth-refresh', run);
    return;
  }
  await run();
}

async function doRefresh(staleToken: string | null | undefined): Promise<void> {
  const current = sessionStore.reload();
  if (staleToken !== undefined && current.token && current.token !== staleToken) return;
  try {
    if (!current.refreshToken) throw new RefreshError('auth', MESSAGES.refreshTokenMissing);
    let answer: RefreshAnswer;
    try {
      const { status, body } = await send({
        method: 'POST',
        path: '/personnel-auth/refresh-token',
        body: { refreshToken: current.refreshToken },
      });
      if (status < 200 || status >= 300) throw httpError(status, body);
      answer = (body ?? {}) as RefreshAnswer;
    } catch (error) {
      if (error instanceof ApiError && (error.isAuth || error.status === 400)) {
        throw new RefreshError('auth', error.message);
      }
      throw new RefreshError('other', error instanceof Error ? error.message : MESSAGES.refreshFailedToast);
    }
    if (!answer.token || !answer.refreshToken) throw new RefreshError('other', MESSAGES.refreshFailedToast);
    sessionStore.setTokens(answer.token, answer.refreshToken, answer.sessionExpiresAt, answer.profile);
  } catch (error) {
    const failure = error instanceof RefreshError ? error : new RefreshError('other', MESSAGES.refreshFailedToast);
    if (failure.type === 'auth') {
      sessionStore.clear();
      emitApiEvent({ type: 'session-expired' });
    } else {
      emitApiEvent({ type: 'toast', toastType: 'general', message: MESSAGES.refreshFailedToast });
    }
    throw failure;
  }
}
