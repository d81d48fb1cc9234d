import type { Personnel } from '@app/shared';
import { formatDate, fullName } from '@app/shared';
import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  IconBriefcase,
  IconBuilding,
  IconCalendar,
  IconCash,
  IconMail,
  IconPencil,
  IconPhone,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { IconAction } from '../../ui/IconAction.tsx';
import { RoleBadge } from '../../ui/RoleBadge.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { salaryText } from './personnel-format.ts';

export interface PersonnelActionsProps {
  canManage: boolean;
  onEdit: (personnel: Personnel) => void;
  onActivate: (personnel: Personnel) => void;
  onDeactivate: (personnel: Personnel) => void;
  onDelete: (personnel: Personnel) => void;
}

/** Modifier, Activer (when not actif) or Désactiver (when actif), Supprimer: for an admin only. */
function PersonnelActions({
  personnel,
  canManage,
  onEdit,
  onActivate,
  onDeactivate,
  onDelete,
}: PersonnelActionsProps & { personnel: Personnel }) {
  if (!canManage) return null;
  const name = fullName(personnel);
  const actif = personnel.statut === 'actif';
  return (
    <Group gap={6} wrap="nowrap">
      <IconAction label="Modifier" ariaLabel={`Modifier ${name}`} onClick={() => onEdit(personnel)}>
        <IconPencil size={18} aria-hidden />
      </IconAction>
      {actif ? (
        <IconAction
          label="Désactiver"
          ariaLabel={`Désactiver ${name}`}
          color="yellow"
          onClick={() => onDeactivate(personnel)}
        >
          <IconPlayerPause size={18} aria-hidden />
        </IconAction>
      ) : (
        <IconAction label="Activer" ariaLabel={`Activer ${name}`} color="teal" onClick={() => onActivate(personnel)}>
          <IconPlayerPlay size={18} aria-hidden />
        </IconAction>
      )}
      <IconAction label="Supprimer" ariaLabel={`Supprimer ${name}`} color="red" onClick={() => onDelete(personnel)}>
        <IconTrash size={18} aria-hidden />
      </IconAction>
    </Group>
  );
}

const iconProps = { size: 16, color: 'var(--mantine-color-dimmed)', style: { flexShrink: 0 }, 'aria-hidden': true };

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
        <Text span c="dimmed" size="sm">
          {label} :
        </Text>{' '}
        {children}
      </Text>
    </Group>
  );
}

/** A staff member: identity, code, role and status, department and post, contact, hire date, salary. */
export function PersonnelCard({ personnel, ...actions }: PersonnelActionsProps & { personnel: Personnel }) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} h="100%">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <UserAvatar prenom={personnel.prenom} nom={personnel.nom} photo={personnel.photo_profil} size="lg" />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Title order={3} size="h5" id={titleId} lineClamp={2}>
            {fullName(personnel)}
          </Title>
          <Text size="xs" c="dimmed">
            {personnel.code_employe}
          </Text>
          <Group gap={6} mt={6}>
            <RoleBadge role={personnel.role} size="sm" />
            <StatusBadge statut={personnel.statut} size="sm" />
          </Group>
        </div>
      </Group>
      <Stack gap={4} mt="md">
        <Line icon={<IconBuilding {...iconProps} />} label="Département">
          {personnel.departement}
        </Line>
        <Line icon={<IconBriefcase {...iconProps} />} label="Poste">
          {personnel.poste}
        </Line>
        <Line icon={<IconMail {...iconProps} />} label="E-mail">
          {personnel.email}
        </Line>
        <Line icon={<IconPhone {...iconProps} />} label="Téléphone">
          {personnel.telephone ?? 'Non renseigné'}
        </Line>
        <Line icon={<IconCalendar {...iconProps} />} label="Embauché le">
          {formatDate(personnel.date_embauche)}
        </Line>
        <Line icon={<IconCash {...iconProps} />} label="Salaire">
          {salaryText(personnel.salaire)}
        </Line>
      </Stack>
      {actions.canManage && (
        <Group justify="flex-end" mt="auto" pt="md">
          <PersonnelActions personnel={personnel} {...actions} />
        </Group>
      )}
    </Card>
  );
}

export function PersonnelTable({ personnels, ...actions }: PersonnelActionsProps & { personnels: Personnel[] }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover striped="odd" aria-label="Liste du personnel">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nom</Table.Th>
            <Table.Th>Rôle et statut</Table.Th>
            <Table.Th>Département et poste</Table.Th>
            <Table.Th>Contact</Table.Th>
            <Table.Th>Embauche et salaire</Table.Th>
            {actions.canManage && <Table.Th ta="right">Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {personnels.map((personnel) => (
            <Table.Tr key={personnel.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <UserAvatar prenom={personnel.prenom} nom={personnel.nom} photo={personnel.photo_profil} size="sm" />
                  <div>
                    <Text fw={600} size="sm">
                      {fullName(personnel)}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {personnel.code_employe}
                    </Text>
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>
                {/* Wide enough for "Administrateur": a badge would rather shorten its text. */}
                <Stack gap={4} align="flex-start" miw={128}>
                  <RoleBadge role={personnel.role} size="sm" />
                  <StatusBadge statut={personnel.statut} size="sm" />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{personnel.departement}</Text>
                <Text size="xs" c="dimmed">
                  {personnel.poste}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{personnel.email}</Text>
                <Text size="xs" c="dimmed">
                  {personnel.telephone ?? 'Non renseigné'}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDate(personnel.date_embauche)}</Text>
                <Text size="xs" c="dimmed">
                  {salaryText(personnel.salaire)}
                </Text>
              </Table.Td>
              {actions.canManage && (
                <Table.Td>
                  <Group justify="flex-end" wrap="nowrap">
                    <PersonnelActions personnel={personnel} {...actions} />
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
