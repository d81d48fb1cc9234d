import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentProfile } from '../api/index.ts';
import { endSession } from '../data/auth.ts';
import { usePendingDemandesCount } from '../data/demandes.ts';
import { useFavorisCount } from '../data/favoris.ts';
import { AccessDenied } from '../ui/AccessDenied.tsx';
import { FullPageLoader } from '../ui/FullPageLoader.tsx';
import { SignOutContext } from '../ui/sign-out.ts';
import { AppFooter } from './AppFooter.tsx';
import { AppHeader } from './AppHeader.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SkipLink } from './SkipLink.tsx';
import { useThemePreference } from './use-theme-preference.ts';
import { canOpen, canonicalPath, resolveView, VIEWS, ViewContent, viewPath } from './views.tsx';

const HEADER_HEIGHT = 60;
const MAIN_ID = 'contenu-principal';

/** The signed-in application: header, sidebar, main area and footer (spec 1 §2.1). */
export function Shell() {
  const profile = useCurrentProfile();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const [navbarOpened, navbar] = useDisclosure(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const favorisCount = useFavorisCount();
  const role = profile?.role ?? null;
  const pendingDemandes = usePendingDemandesCount(role);
  const view = resolveView(location.pathname, role);
  const allowed = canOpen(view, role);
  useThemePreference();

  // Canonical addresses: admin's /users → the accounts page, an unknown path → / (history replaced).
  useEffect(() => {
    const path = canonicalPath(location.pathname, role);
    if (path) void navigate(path, { replace: true });
  }, [location.pathname, role, navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu on every navigation
  useEffect(() => {
    navbar.close();
  }, [location.pathname]);

  useEffect(() => {
    // A role's own name for the view ('Mes Clients') is the tab's title too.
    const title = (role && VIEWS[view].nav?.roleLabels?.[role]) ?? VIEWS[view].title;
    document.title = `${title} — Autopromotion Immobilière`;
  }, [view, role]);

  if (!profile || !role) return <FullPageLoader />;

  const logout = () => {
    setLoggingOut(true);
    void endSession(queryClient).then(() => navigate('/', { replace: true }));
  };
  const goHome = () => {
    void navigate('/');
  };
  // A page's 'Se reconnecter': the same logout, staying on the address so that signing in again
  // comes back to the page.
  const signOut = () => {
    void endSession(queryClient);
  };

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <SkipLink target={MAIN_ID} />
      <AppShell.Header>
        <AppHeader
          profile={profile}
          navbarOpened={navbarOpened}
          onToggleNavbar={navbar.toggle}
          onProfile={() => {
            void navigate(viewPath('profil'));
          }}
          onSettings={() => {
            void navigate(viewPath('settings'));
          }}
          onLogout={logout}
        />
      </AppShell.Header>
      <AppShell.Navbar renderRoot={(props: Record<string, unknown>) => <div {...props} />}>
        <Sidebar
          userRole={role}
          favorisCount={favorisCount}
          pendingDemandes={pendingDemandes}
          activeView={view}
          onNavigate={navbar.close}
          onLogout={logout}
          loggingOut={loggingOut}
        />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} tabIndex={-1} className="skip-target">
        <Box
          style={{
            display: 'flex',
            flexDirection: 'column',
            minHeight: `calc(100dvh - ${HEADER_HEIGHT}px - 2 * var(--app-shell-padding, 16px))`,
          }}
        >
          <Box style={{ flex: 1 }}>
            <ErrorBoundary key={view} onHome={goHome}>
              <SignOutContext.Provider value={signOut}>
                <Suspense fallback={<FullPageLoader fullHeight={false} />}>
                  {allowed ? (
                    <ViewContent view={view} />
                  ) : (
                    <AccessDenied onHome={goHome} message={VIEWS[view].denied} />
                  )}
                </Suspense>
              </SignOutContext.Provider>
            </ErrorBoundary>
          </Box>
          <AppFooter />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
