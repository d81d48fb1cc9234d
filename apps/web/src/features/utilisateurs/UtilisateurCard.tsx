import { formatDateTime, fullName, type Utilisateur } from '@app/shared';
import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  IconBan,
  IconClock,
  IconId,
  IconKey,
  IconMail,
  IconPencil,
  IconPhone,
  IconPlayerPause,
  IconPlayerPlay,
  IconShieldOff,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { IconAction } from '../../ui/IconAction.tsx';
import { RoleBadge } from '../../ui/RoleBadge.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';

export interface UtilisateurActionsProps {
  onEdit: (utilisateur: Utilisateur) => void;
  onActivate: (utilisateur: Utilisateur) => void;
  onDeactivate: (utilisateur: Utilisateur) => void;
  onSuspend: (utilisateur: Utilisateur) => void;
  onResetPassword: (utilisateur: Utilisateur) => void;
  onResetTwoFactor: (utilisateur: Utilisateur) => void;
  onDelete: (utilisateur: Utilisateur) => void;
}

/** The last sign-in's date and time, or 'Jamais connecté'; `prefix` reads it as a sentence on a card. */
const lastSignIn = (u: Utilisateur, prefix = '') =>
  u.date_derniere_connexion ? `${prefix}${formatDateTime(u.date_derniere_connexion)}` : 'Jamais connecté';

/**
 * Modifier, Activer (disabled when actif), Désactiver (when inactif), Suspendre (when suspendu),
 * Réinitialiser le mot de passe, Réinitialiser la double authentification (when active),
 * Supprimer (never for a member account: members are kept).
 */
function UtilisateurActions({
  utilisateur: u,
  wrap = 'wrap',
  ...on
}: UtilisateurActionsProps & { utilisateur: Utilisateur; wrap?: 'wrap' | 'nowrap' }) {
  const name = fullName(u);
  return (
    <Group gap={6} wrap={wrap}>
      <IconAction label="Modifier" ariaLabel={`Modifier ${name}`} onClick={() => on.onEdit(u)}>
        <IconPencil size={18} aria-hidden />
      </IconAction>
      <IconAction
        label="Activer"
        ariaLabel={`Activer ${name}`}
        color="teal"
        disabled={u.statut === 'actif'}
        onClick={() => on.onActivate(u)}
      >
        <IconPlayerPlay size={18} aria-hidden />
      </IconAction>
      <IconAction
        label="Désactiver"
        ariaLabel={`Désactiver ${name}`}
        color="yellow"
        disabled={u.statut === 'inactif'}
        onClick={() => on.onDeactivate(u)}
      >
        <IconPlayerPause size={18} aria-hidden />
      </IconAction>
      <IconAction
        label="Suspendre"
        ariaLabel={`Suspendre ${name}`}
        color="orange"
        disabled={u.statut === 'suspendu'}
        onClick={() => on.onSuspend(u)}
      >
        <IconBan size={18} aria-hidden />
      </IconAction>
      <IconAction
        label="Réinitialiser le mot de passe"
        ariaLabel={`Réinitialiser le mot de passe de ${name}`}
        color="grape"
        onClick={() => on.onResetPassword(u)}
      >
        <IconKey size={18} aria-hidden />
      </IconAction>
      {u.deux_facteurs && (
        <IconAction
          label="Réinitialiser la double authentification"
          ariaLabel={`Réinitialiser la double authentification de ${name}`}
          color="indigo"
          onClick={() => on.onResetTwoFactor(u)}
        >
          <IconShieldOff size={18} aria-hidden />
        </IconAction>
      )}
      {u.role !== 'membre' && (
        <IconAction label="Supprimer" ariaLabel={`Supprimer ${name}`} color="red" onClick={() => on.onDelete(u)}>
          <IconTrash size={18} aria-hidden />
        </IconAction>
      )}
    </Group>
  );
}

const iconProps = { size: 16, color: 'var(--mantine-color-dimmed)', style: { flexShrink: 0 }, 'aria-hidden': true };

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

/** An account: identity, role and status, its employee or member code, contact, last sign-in. */
export function UtilisateurCard({
  utilisateur: u,
  ...actions
}: UtilisateurActionsProps & { utilisateur: Utilisateur }) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} h="100%">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <UserAvatar prenom={u.prenom} nom={u.nom} photo={u.photo_profil} size="lg" />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Title order={3} size="h5" id={titleId} lineClamp={2}>
            {fullName(u)}
          </Title>
          <Group gap={6} mt={6}>
            <RoleBadge role={u.role} size="sm" />
            <StatusBadge statut={u.statut} size="sm" />
          </Group>
        </div>
      </Group>
      <Stack gap={4} mt="md">
        <Line icon={<IconMail {...iconProps} />}>{u.email}</Line>
        <Line icon={<IconPhone {...iconProps} />}>{u.telephone ?? 'Non renseigné'}</Line>
        {u.code && <Line icon={<IconId {...iconProps} />}>{u.code}</Line>}
        <Line icon={<IconClock {...iconProps} />}>{lastSignIn(u, 'Connecté le ')}</Line>
      </Stack>
      <Group mt="auto" pt="md" justify="flex-end">
        <UtilisateurActions utilisateur={u} {...actions} />
      </Group>
    </Card>
  );
}

export function UtilisateurTable({
  utilisateurs,
  ...actions
}: UtilisateurActionsProps & { utilisateurs: Utilisateur[] }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover striped="odd" aria-label="Liste des utilisateurs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Utilisateur</Table.Th>
            <Table.Th>Rôle et statut</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th>Dernière connexion</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {utilisateurs.map((u) => (
            <Table.Tr key={u.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <UserAvatar prenom={u.prenom} nom={u.nom} photo={u.photo_profil} size="sm" />
                  <div>
                    <Text fw={600} size="sm">
                      {fullName(u)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {u.email}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {u.telephone ?? 'Téléphone non renseigné'}
                    </Text>
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>
                {/* Wide enough for "Administrateur": a badge would rather shorten its text. */}
                <Stack gap={4} align="flex-start" miw={128}>
                  <RoleBadge role={u.role} size="sm" />
                  <StatusBadge statut={u.statut} size="sm" />
                </Stack>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{u.code ?? '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{lastSignIn(u)}</Text>
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end" wrap="nowrap">
                  <UtilisateurActions utilisateur={u} wrap="nowrap" {...actions} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
