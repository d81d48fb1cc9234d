import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../api/index.ts';
import { SessionGate } from '../features/auth/SessionGate.tsx';
import { FullPageLoader } from '../ui/FullPageLoader.tsx';
import { withAllStyles } from '../ui/mantine-styles.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { MaintenanceScreen } from './MaintenanceScreen.tsx';
import { maintenanceStore, useMaintenance } from './maintenance.ts';

// The signed-in application is its own chunk: the login page does not download it.
const loadShell = () => withAllStyles(import('./Shell.tsx'));
const Shell = lazy(() => loadShell().then((m) => ({ default: m.Shell })));
// The public page of a receipt's QR code (issue 15): no session, its own chunk.
const VerificationPage = lazy(() => withAllStyles(import('../features/verification/VerificationPage.tsx')));
const VERIFICATION_PATH = /^\/verification\/([^/]+)\/?$/;

/** The application behind the providers and the router. */
export function App() {
  // Signed in (a stored session, or just now): fetch the shell while the session is being checked.
  // A failure is left to the shell's own rendering, which reports it.
  const signedIn = !!useSession().userData;
  useEffect(() => {
    if (signedIn) loadShell().catch(() => undefined);
  }, [signedIn]);
  const queryClient = useQueryClient();
  const underMaintenance = useMaintenance();
  const verificationToken = VERIFICATION_PATH.exec(useLocation().pathname)?.[1];

  if (verificationToken) {
    return (
      <ErrorBoundary onHome={() => window.location.assign('/')}>
        <Suspense fallback={<FullPageLoader />}>
          <VerificationPage token={verificationToken} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  if (underMaintenance) {
    return (
      <MaintenanceScreen
        onRetry={() => {
          maintenanceStore.set(false);
          void queryClient.invalidateQueries();
        }}
      />
    );
  }
  return (
    <SessionGate>
      {/* A shell that could not be downloaded (the network dropped) is fetched again by loading the page. */}
      <ErrorBoundary onHome={() => window.location.assign('/')}>
        <Suspense fallback={<FullPageLoader />}>
          <Shell />
        </Suspense>
      </ErrorBoundary>
    </SessionGate>
  );
}
