import { Code, Stack, Text } from '@mantine/core';
import { ApiError, useOnline } from '../../api/index.ts';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';

/** Spec 1 §2.7: the panel's title says what went wrong. */
export function dashboardErrorTitle(error: Error): string {
  if (error instanceof ApiError) {
    if (error.isConnection) return 'Problème de connexion';
    if (error.isAuth) return 'Session expirée';
    if (error.status >= 500) return 'Erreur du serveur';
  }
  return 'Erreur lors du chargement du tableau de bord';
}

/** The dashboard's failure: its title, the message, 'Réessayer', technical details and the connection's state. */
export function DashboardError({ error, onRetry, retrying }: { error: Error; onRetry: () => void; retrying: boolean }) {
  const online = useOnline();
  const status = error instanceof ApiError && error.status > 0 ? `HTTP ${error.status}` : 'aucune réponse';
  const code = error instanceof ApiError && error.code ? ` · ${error.code}` : '';
  return (
    <Stack gap="xs">
      <ErrorPanel title={dashboardErrorTitle(error)} message={error.message} onRetry={onRetry} retrying={retrying} />
      <details>
        <summary>
          <Text span size="sm">
            Détails techniques
          </Text>
        </summary>
        <Stack gap={4} mt="xs">
          <Code>
            GET /api/dashboard — {status}
            {code}
          </Code>
          <Text size="sm" c="dimmed">
            Connexion : {online ? 'en ligne' : 'hors ligne'}
          </Text>
        </Stack>
      </details>
    </Stack>
  );
}
