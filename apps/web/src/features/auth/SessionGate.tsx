import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { ApiError, sessionStore, tokenMonitor, useSession } from '../../api/index.ts';
import { profileQuery } from '../../data/auth.ts';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { withAllStyles } from '../../ui/mantine-styles.ts';
import { LoginPage } from './LoginPage.tsx';

// Rarely needed: its own chunk, out of the login page's download.
const MustChangePasswordScreen = lazy(() =>
  withAllStyles(import('./MustChangePasswordScreen.tsx')).then((m) => ({ default: m.MustChangePasswordScreen })),
);

const TwoFactorRequiredScreen = lazy(() =>
  withAllStyles(import('./TwoFactorRequiredScreen.tsx')).then((m) => ({ default: m.TwoFactorRequiredScreen })),
);

type Phase = 'restoring' | 'ready';

/**
 * Who sees what (spec 1 §2.1, §4; decisions §3): nobody signed in → login; a stored session →
 * 'Chargement...' while the profile is re-read, then the app; a temporary password → only
 * the change-password screen; two factors required and none yet → only their enrolment.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useSession();
  const signedIn = !!session.userData && !!(session.token || session.refreshToken);
  const [phase, setPhase] = useState<Phase>(() => (signedIn ? 'restoring' : 'ready'));

  // Startup: restore the stored session and check it against the server once.
  useEffect(() => {
    if (phase !== 'restoring') return;
    let active = true;
    queryClient
      .fetchQuery({ ...profileQuery(), staleTime: 0 })
      .catch((error: unknown) => {
        // An auth failure already cleared the session (refresh refused); an answer that is not
        // a profile means the stored data is unusable. Connection problems keep the stored profile.
        if (!(error instanceof ApiError) || (error.isAuth && sessionStore.getSnapshot().userData)) sessionStore.clear();
      })
      .finally(() => {
        if (active) setPhase('ready');
      });
    return () => {
      active = false;
    };
  }, [phase, queryClient]);

  // Half a session (a token without user data, or the reverse) is no session.
  useEffect(() => {
    if (!signedIn && (session.token || session.refreshToken || session.userData)) sessionStore.clear();
  }, [signedIn, session.token, session.refreshToken, session.userData]);

  // Token monitoring runs while signed in.
  useEffect(() => {
    if (!signedIn) return;
    tokenMonitor.start();
    return () => tokenMonitor.stop();
  }, [signedIn]);

  if (phase === 'restoring') return <FullPageLoader />;
  if (!signedIn || !session.userData) return <LoginPage />;
  if (session.userData.profile.must_change_password) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <MustChangePasswordScreen />
      </Suspense>
    );
  }
  if (session.userData.profile.deux_facteurs_a_activer) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <TwoFactorRequiredScreen />
      </Suspense>
    );
  }
  return <>{children}</>;
}
