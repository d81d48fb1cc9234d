import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';

export interface ErrorPanelProps {
  /** Title of the panel: what failed ('Erreur lors du chargement des produits'). */
  title?: string;
  /** The French message of the failure (the server's, or the client's catalogue). */
  message: string;
  /** Shows 'Réessayer' when given. */
  onRetry?: () => void;
  retrying?: boolean;
  /** Another way out, shown instead of 'Réessayer' when retrying cannot help (a session over: 'Actualiser la page'). */
  action?: { label: string; onClick: () => void };
}

/** The red panel of a failed load, with 'Réessayer'. */
export function ErrorPanel({ title = 'Erreur', message, onRetry, retrying, action }: ErrorPanelProps) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {action ? (
          <Button size="xs" variant="light" color="red" onClick={action.onClick}>
            {action.label}
          </Button>
        ) : (
          onRetry && (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={onRetry}
              loading={retrying}
            >
              Réessayer
            </Button>
          )
        )}
      </Stack>
    </Alert>
  );
}
