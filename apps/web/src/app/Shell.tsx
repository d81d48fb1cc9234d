import { canonicalPath, resolveView, VIEW_ACCESS, viewPath } from '@app/shared';
import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentProfile } from '../api/index.ts';
import { endSession } from '../features/auth/session-actions.ts';
import { AccessDenied } from '../ui/AccessDenied.tsx';
import { FullPageLoader } from '../ui/FullPageLoader.tsx';
import { SignOutContext } from '../ui/sign-out.ts';
import { AppFooter } from './AppFooter.tsx';
import { AppHeader } from './AppHeader.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useFavorisCount } from './use-favoris-count.ts';
import { VIEW_DENIED_MESSAGES, VIEW_TITLES, ViewContent } from './views.tsx';

const HEADER_HEIGHT = 60;

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
  const view = resolveView(location.pathname, role);
  const allowed = !!role && (VIEW_ACCESS[view] as readonly string[]).includes(role);

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
    document.title = `${VIEW_TITLES[view]} — Autopromotion Immobilière`;
  }, [view]);

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
      <AppShell.Header>
        <AppHeader
          profile={profile}
          navbarOpened={navbarOpened}
          onToggleNavbar={navbar.toggle}
          onProfile={() => {
            void navigate(viewPath('profil'));
          }}
          onLogout={logout}
        />
      </AppShell.Header>
      <AppShell.Navbar renderRoot={(props: Record<string, unknown>) => <div {...props} />}>
        <Sidebar
          userRole={role}
          favorisCount={favorisCount}
          activeView={view}
          onNavigate={navbar.close}
          onLogout={logout}
          loggingOut={loggingOut}
        />
      </AppShell.Navbar>
      <AppShell.Main>
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
                    <AccessDenied onHome={goHome} message={VIEW_DENIED_MESSAGES[view]} />
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
