import { formatDate, formatFCFA, formatPricePerM2, formatSurface, type Produit, plural } from '@app/shared';
import { ActionIcon, Badge, Group, Menu, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDots, IconEye, IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FavoriteButton } from '../../ui/FavoriteButton.tsx';
import { SafeImage } from '../../ui/SafeImage.tsx';
import type { ProduitActionsProps } from './ProduitCard.tsx';
import { DISPONIBILITE_COLORS, DISPONIBILITE_LABELS, TYPE_LABELS } from './produit-labels.ts';

const nowrap = { whiteSpace: 'nowrap' } as const;

function ManageMenu({ produit, onEdit, onDelete, onToggleActive }: ProduitActionsProps & { produit: Produit }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Actions pour ${produit.titre}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onEdit(produit)}>
          Modifier
        </Menu.Item>
        <Menu.Item
          leftSection={
            produit.est_actif ? <IconPlayerPause size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />
          }
          onClick={() => onToggleActive(produit)}
        >
          {produit.est_actif ? 'Désactiver' : 'Activer'}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red.8" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onDelete(produit)}>
          Supprimer
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The catalogue's list view: one row a product, scrolling sideways on a phone. */
export function ProduitTable({ produits, ...actions }: ProduitActionsProps & { produits: Produit[] }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover striped="odd" aria-label="Liste des produits">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Produit</Table.Th>
            <Table.Th>Localisation</Table.Th>
            <Table.Th>Superficie</Table.Th>
            <Table.Th>Prix</Table.Th>
            <Table.Th>Disponibilité</Table.Th>
            <Table.Th>Ajouté le</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {produits.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <SafeImage src={p.photos_logement[0]} alt="" height={42} width={56} radius={6} placeholder="" />
                  <Stack gap={2} miw={140}>
                    <Text fw={600} size="sm" lineClamp={2}>
                      {p.titre}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {TYPE_LABELS[p.type]}
                      {p.nombre_chambre > 0 ? ` · ${plural(p.nombre_chambre, 'chambre')}` : ''}
                    </Text>
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{p.site.nom_site}</Text>
                <Text size="xs" c="dimmed">
                  {p.site.ville_site}
                </Text>
              </Table.Td>
              <Table.Td style={nowrap}>
                <Text size="sm">{formatSurface(p.superficie)}</Text>
              </Table.Td>
              <Table.Td style={nowrap}>
                <Text size="sm" fw={600}>
                  {formatFCFA(p.prix_vente)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatPricePerM2(p.prix_m2)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Badge color={DISPONIBILITE_COLORS[p.disponibilite]} variant="light" style={{ flexShrink: 0 }}>
                    {DISPONIBILITE_LABELS[p.disponibilite]}
                  </Badge>
                  {!p.est_actif && (
                    <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
                      Inactif
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td style={nowrap}>
                <Text size="sm">{formatDate(p.date_creation)}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap" justify="flex-end">
                  <FavoriteButton produitId={p.id} size="sm" />
                  <Tooltip label="Voir les détails" withArrow>
                    <ActionIcon
                      component={Link}
                      to={`/produits/${p.id}`}
                      variant="light"
                      size="lg"
                      aria-label="Voir les détails"
                    >
                      <IconEye size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  {actions.canManage && <ManageMenu produit={p} {...actions} />}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
