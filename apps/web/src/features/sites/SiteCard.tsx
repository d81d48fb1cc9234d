import { formatDate, formatPricePerM2, type Site } from '@app/shared';
import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  IconBuildingEstate,
  IconMapPin,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { IconAction } from '../../ui/IconAction.tsx';
import { SafeImage } from '../../ui/SafeImage.tsx';

export interface SiteActionsProps {
  canManage: boolean;
  onEdit: (site: Site) => void;
  onDelete: (site: Site) => void;
  onToggleActive: (site: Site) => void;
}

const sitePhoto = (site: Site) => site.photos_site[0] ?? site.photo_site;
const productsLabel = (n: number) => `${n} produit${n > 1 ? 's' : ''}`;

function ActiveBadge({ site }: { site: Site }) {
  return (
    <Badge color={site.est_actif ? 'teal' : 'gray'} variant="filled" style={{ flexShrink: 0, overflow: 'visible' }}>
      {site.est_actif ? 'Actif' : 'Inactif'}
    </Badge>
  );
}

function SiteActions({ site, canManage, onEdit, onDelete, onToggleActive }: SiteActionsProps & { site: Site }) {
  if (!canManage) return null;
  const toggle = site.est_actif ? `Désactiver ${site.nom_site}` : `Activer ${site.nom_site}`;
  return (
    <Group gap={6} wrap="nowrap">
      <IconAction label="Modifier" ariaLabel={`Modifier ${site.nom_site}`} onClick={() => onEdit(site)}>
        <IconPencil size={18} aria-hidden />
      </IconAction>
      <IconAction
        label={site.est_actif ? 'Désactiver' : 'Activer'}
        ariaLabel={toggle}
        color={site.est_actif ? 'yellow' : 'teal'}
        onClick={() => onToggleActive(site)}
      >
        {site.est_actif ? <IconPlayerPause size={18} aria-hidden /> : <IconPlayerPlay size={18} aria-hidden />}
      </IconAction>
      <IconAction label="Supprimer" ariaLabel={`Supprimer ${site.nom_site}`} color="red" onClick={() => onDelete(site)}>
        <IconTrash size={18} aria-hidden />
      </IconAction>
    </Group>
  );
}

function ProductsLink({ site, compact }: { site: Site; compact?: boolean }) {
  return (
    <Button
      component={Link}
      to={`/produits?site=${site.id}`}
      variant="subtle"
      size={compact ? 'compact-sm' : 'sm'}
      leftSection={<IconBuildingEstate size={16} aria-hidden />}
      aria-label={`${productsLabel(site.nombre_produits)} sur le site ${site.nom_site}`}
      px={compact ? 4 : undefined}
    >
      {productsLabel(site.nombre_produits)}
    </Button>
  );
}

/** A site: photo, name, address, city, price per m², number of products, active or not. */
export function SiteCard({ site, ...actions }: SiteActionsProps & { site: Site }) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} h="100%">
      <Card.Section pos="relative">
        <SafeImage src={sitePhoto(site)} alt={site.nom_site} height={170} />
        <div style={{ position: 'absolute', top: 10, left: 10 }}>
          <ActiveBadge site={site} />
        </div>
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Title order={3} size="h4" id={titleId} lineClamp={2}>
          {site.nom_site}
        </Title>
        <Group gap={4} wrap="nowrap" align="flex-start">
          <IconMapPin
            size={16}
            color="var(--mantine-color-dimmed)"
            style={{ flexShrink: 0, marginTop: 2 }}
            aria-hidden
          />
          <Text size="sm" c="dimmed">
            {site.adresse_site}, {site.ville_site}
          </Text>
        </Group>
        {site.localisation_site && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {site.localisation_site}
          </Text>
        )}
        <Text fw={700} c="cyan.8">
          {formatPricePerM2(site.prix_metre_carre)}
        </Text>
        <Group justify="space-between" mt="auto" pt="xs" gap="xs">
          <ProductsLink site={site} />
          <SiteActions site={site} {...actions} />
        </Group>
      </Stack>
    </Card>
  );
}

export function SiteTable({ sites, ...actions }: SiteActionsProps & { sites: Site[] }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover striped="odd" aria-label="Liste des sites">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Site</Table.Th>
            <Table.Th>Adresse</Table.Th>
            <Table.Th>Ville</Table.Th>
            <Table.Th>Prix par m²</Table.Th>
            <Table.Th>Produits</Table.Th>
            <Table.Th>Statut</Table.Th>
            <Table.Th>Créé le</Table.Th>
            {actions.canManage && <Table.Th ta="right">Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sites.map((site) => (
            <Table.Tr key={site.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <SafeImage src={sitePhoto(site)} alt="" height={44} width={60} radius={6} placeholder="" />
                  <Text fw={600} size="sm">
                    {site.nom_site}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{site.adresse_site}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{site.ville_site}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" fw={600}>
                  {formatPricePerM2(site.prix_metre_carre)}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <ProductsLink site={site} compact />
              </Table.Td>
              <Table.Td>
                <ActiveBadge site={site} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDate(site.created_at)}</Text>
              </Table.Td>
              {actions.canManage && (
                <Table.Td>
                  <Group justify="flex-end">
                    <SiteActions site={site} {...actions} />
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
