import { type Favori, formatDate, formatFCFA, formatSurface } from '@app/shared';
import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconEye, IconMapPin } from '@tabler/icons-react';
import { Fragment, useId, useState } from 'react';
import { Link } from 'react-router';
import { FavoriteButton } from '../../ui/FavoriteButton.tsx';
import { SafeImage } from '../../ui/SafeImage.tsx';

const TYPE_LABELS = { logement: 'Logement', terrain: 'Terrain' } as const;
const placeOf = (f: Favori) => `${f.produit.site.nom_site} – ${f.produit.site.ville_site}`;

/** A favourite in the grid (spec 2 §2): photo or 'Pas d'image', heart, date added, title, place, price, surface. */
export function FavoriCard({ favori }: { favori: Favori }) {
  const titleId = useId();
  const { produit } = favori;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} h="100%">
      <Card.Section pos="relative">
        <SafeImage src={produit.photo} alt={produit.titre} height={180} placeholder="Pas d’image" />
        <div style={{ position: 'absolute', top: 8, right: 8 }}>
          <FavoriteButton produitId={produit.id} overlay />
        </div>
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Text size="xs" c="dimmed">
          Ajouté le {formatDate(favori.created_at)}
        </Text>
        <Title order={3} size="h4" id={titleId} lineClamp={2}>
          {produit.titre}
        </Title>
        <Group gap={4} wrap="nowrap">
          <IconMapPin size={16} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} aria-hidden />
          <Text size="sm" c="dimmed" lineClamp={1}>
            {placeOf(favori)}
          </Text>
        </Group>
        <Group justify="space-between" align="baseline">
          <Text fw={700} size="lg" c="cyan.8">
            {formatFCFA(produit.prix_vente)}
          </Text>
          <Text size="sm" c="dimmed">
            {formatSurface(produit.surface)}
          </Text>
        </Group>
        <Button
          component={Link}
          to={`/produits/${produit.id}`}
          variant="light"
          leftSection={<IconEye size={16} aria-hidden />}
          mt="auto"
        >
          Voir détails
        </Button>
      </Stack>
    </Card>
  );
}

/** The favourites as a table: Produit, Localisation, Prix, Ajouté le, Actions ('Voir plus'). */
export function FavorisTable({ favoris }: { favoris: Favori[] }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Liste des favoris">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Produit</Table.Th>
            <Table.Th>Localisation</Table.Th>
            <Table.Th>Prix</Table.Th>
            <Table.Th>Ajouté le</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {favoris.map((favori) => {
            const { produit } = favori;
            const expanded = open === produit.id;
            const detailsId = `favori-details-${produit.id}`;
            return (
              <Fragment key={produit.id}>
                <Table.Tr>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <SafeImage src={produit.photo} alt="" height={44} width={60} radius={6} placeholder="" />
                      <Text fw={600} size="sm" lineClamp={2}>
                        {produit.titre}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{placeOf(favori)}</Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" fw={600}>
                      {formatFCFA(produit.prix_vente)}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDate(favori.created_at)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} justify="flex-end" wrap="nowrap">
                      <FavoriteButton produitId={produit.id} size="sm" />
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        aria-expanded={expanded}
                        aria-controls={detailsId}
                        rightSection={
                          expanded ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
                        }
                        onClick={() => setOpen(expanded ? null : produit.id)}
                      >
                        {expanded ? 'Voir moins' : 'Voir plus'}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr id={detailsId} hidden={!expanded}>
                  <Table.Td colSpan={5} bg="var(--mantine-color-gray-0)">
                    <Group gap="lg" py={4} wrap="wrap">
                      <Badge variant="light">{TYPE_LABELS[produit.type]}</Badge>
                      <Text size="sm">Surface : {formatSurface(produit.surface)}</Text>
                      <Badge color={produit.disponibilite === 'disponible' ? 'teal' : 'orange'} variant="light">
                        {produit.disponibilite === 'disponible' ? 'Disponible' : 'Réservé'}
                      </Badge>
                      <Button component={Link} to={`/produits/${produit.id}`} size="compact-sm" variant="light">
                        Voir détails
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
