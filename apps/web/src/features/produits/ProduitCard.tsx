import { formatDate, formatFCFA, formatPricePerM2, formatSurface, type Produit } from '@app/shared';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconMapPin, IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { FavoriteButton } from '../../ui/FavoriteButton.tsx';
import { IconAction } from '../../ui/IconAction.tsx';
import { SafeImage } from '../../ui/SafeImage.tsx';
import { DISPONIBILITE_COLORS, DISPONIBILITE_LABELS, placeLine, roomsSummary, TYPE_LABELS } from './produit-labels.ts';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} truncate="end" title={value}>
        {value}
      </Text>
    </Stack>
  );
}

export interface ProduitActionsProps {
  canManage: boolean;
  onEdit: (produit: Produit) => void;
  onDelete: (produit: Produit) => void;
  onToggleActive: (produit: Produit) => void;
}

export function ManageButtons({
  produit,
  canManage,
  onEdit,
  onDelete,
  onToggleActive,
}: ProduitActionsProps & { produit: Produit }) {
  if (!canManage) return null;
  return (
    <>
      <IconAction
        label={produit.est_actif ? 'Retirer du catalogue' : 'Remettre au catalogue'}
        ariaLabel={produit.est_actif ? `Désactiver ${produit.titre}` : `Activer ${produit.titre}`}
        color={produit.est_actif ? 'yellow' : 'teal'}
        onClick={() => onToggleActive(produit)}
      >
        {produit.est_actif ? <IconPlayerPause size={18} aria-hidden /> : <IconPlayerPlay size={18} aria-hidden />}
      </IconAction>
      <IconAction label="Modifier" ariaLabel={`Modifier ${produit.titre}`} onClick={() => onEdit(produit)}>
        <IconPencil size={18} aria-hidden />
      </IconAction>
      <IconAction
        label="Supprimer"
        ariaLabel={`Supprimer ${produit.titre}`}
        color="red"
        onClick={() => onDelete(produit)}
      >
        <IconTrash size={18} aria-hidden />
      </IconAction>
    </>
  );
}

/** A product in the catalogue's grid: every field the spec lists (spec 2 §2). */
export function ProduitCard({ produit, ...actions }: ProduitActionsProps & { produit: Produit }) {
  const titleId = useId();
  const rooms = roomsSummary(produit);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} h="100%">
      <Card.Section pos="relative">
        <SafeImage src={produit.photos_logement[0]} alt={produit.titre} height={190} />
        <Badge
          pos="absolute"
          top={10}
          left={10}
          color={DISPONIBILITE_COLORS[produit.disponibilite]}
          variant="filled"
          style={{ boxShadow: 'var(--mantine-shadow-xs)' }}
        >
          {DISPONIBILITE_LABELS[produit.disponibilite]}
        </Badge>
        {!produit.est_actif && (
          <Badge pos="absolute" bottom={10} left={10} color="gray" variant="filled">
            Inactif
          </Badge>
        )}
        <div style={{ position: 'absolute', top: 8, right: 8 }}>
          <FavoriteButton produitId={produit.id} size="md" overlay />
        </div>
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Badge variant="light" color={produit.type === 'logement' ? 'cyan' : 'lime'}>
            {TYPE_LABELS[produit.type]}
          </Badge>
          <Text size="xs" c="dimmed">
            Ajouté le {formatDate(produit.date_creation)}
          </Text>
        </Group>
        <Title order={3} size="h4" id={titleId} lineClamp={2}>
          {produit.titre}
        </Title>
        <Group gap={4} wrap="nowrap" align="flex-start">
          <IconMapPin
            size={16}
            color="var(--mantine-color-dimmed)"
            style={{ flexShrink: 0, marginTop: 2 }}
            aria-hidden
          />
          <Text size="sm" c="dimmed" lineClamp={2}>
            {placeLine(produit.site)}
          </Text>
        </Group>
        <Text size="sm" lineClamp={2}>
          {produit.description}
        </Text>
        <Group justify="space-between" align="baseline" gap="xs" mt={4}>
          <Text fw={700} size="lg" c="cyan.8">
            {formatFCFA(produit.prix_vente)}
          </Text>
          <Text size="xs" c="dimmed">
            {formatPricePerM2(produit.prix_m2)}
          </Text>
        </Group>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
          <Fact label="Superficie" value={formatSurface(produit.superficie)} />
          <Fact label="Caution" value={formatFCFA(produit.caution)} />
        </SimpleGrid>
        {rooms && (
          <Text size="xs" c="dimmed">
            {rooms}
          </Text>
        )}
        <Group gap="xs" mt="auto" pt="xs">
          <Button
            component={Link}
            to={`/produits/${produit.id}`}
            variant="light"
            leftSection={<IconEye size={16} aria-hidden />}
            style={{ flex: '1 0 auto' }}
          >
            Voir les détails
          </Button>
          {actions.canManage && (
            <Group gap={6} ml="auto" wrap="nowrap">
              <ManageButtons produit={produit} {...actions} />
            </Group>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
