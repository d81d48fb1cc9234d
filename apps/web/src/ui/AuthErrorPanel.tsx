import { roleLabel } from '@app/shared';
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconLock, IconLogin, IconRefresh } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ApiError, useSession } from '../api/index.ts';
import { useSignOut } from './sign-out.ts';

const AUTH_WORDS = /\b401\b|session expir|non connecté|pas connecté|devez être connecté|token d'authentification/i;

/**
 * Whether a failure is about the session (spec 1 §2.5): a 401, a missing token or a message that
 * says the session expired or that one is not connected.
 */
export function isAuthFailure(error: unknown): boolean {
  if (error instanceof ApiError && error.isAuth) return true;
  return error instanceof Error && AUTH_WORDS.test(error.message);
}

/**
 * The authentication-error panel of a list (spec 1 §2.5): the message, 'Réessayer',
 * 'Se reconnecter' (ends the session: the login screen appears) and a 'Diagnostics' disclosure
 * with the login state, the role, whether a token is stored and its length (never the token).
 */
export function AuthErrorPanel({
  title = 'Session expirée',
  message,
  onRetry,
  retrying,
}: {
  title?: string;
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const session = useSession();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const id = useId();
  const profile = session.userData?.profile ?? null;
  const token = session.token;
  const rows: [string, string][] = [
    ['Connecté', profile ? 'Oui' : 'Non'],
    ['Rôle', profile ? roleLabel(profile.role) : 'Aucun'],
    ['Jeton d’accès présent', token ? 'Oui' : 'Non'],
    ['Longueur du jeton', token ? `${token.length} caractères` : '0'],
  ];

  return (
    <Alert color="orange" variant="light" title={title} icon={<IconLock size={20} aria-hidden />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            color="orange"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onRetry}
            loading={retrying}
          >
            Réessayer
          </Button>
          <Button size="xs" color="orange" leftSection={<IconLogin size={14} aria-hidden />} onClick={signOut}>
            Se reconnecter
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setOpen((o) => !o)}
          >
            Diagnostics
          </Button>
        </Group>
        <div id={id} hidden={!open}>
          <Table withTableBorder variant="vertical" layout="fixed" maw={420} aria-label="Diagnostics">
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={200}>{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </Stack>
    </Alert>
  );
}
