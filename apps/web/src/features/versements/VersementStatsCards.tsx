import {
  formatFCFA,
  formatNumber,
  VERSEMENT_STATUT_LABELS,
  type VersementStats,
  versementRepartition,
} from '@app/shared';
import { Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCash, IconCircleCheck, IconCircleX, IconClock, IconReceipt } from '@tabler/icons-react';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { StatTile } from '../../ui/StatTile.tsx';
import { statutColor } from '../../ui/StatusBadge.tsx';

const ORDER = ['valide', 'en_attente', 'rejete'] as const;
const SHARE_LABELS = { valide: 'Validés', en_attente: 'En attente', rejete: 'Rejetés' } as const;

/** The share of validated, pending and rejected payments, each rounded (spec 3 §2.1, §9). */
function RepartitionBar({ stats }: { stats: VersementStats }) {
  const shares = versementRepartition(stats);
  const summary = ORDER.map((statut) => `${SHARE_LABELS[statut]} ${shares[statut]}\u00a0%`).join(', ');
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            Répartition des versements
          </Text>
          <Text size="xs" c="dimmed">
            En attente de validation{'\u00a0'}: {formatFCFA(stats.montant_en_attente)}
          </Text>
        </Group>
        <Progress.Root size="lg" radius="xl" role="img" aria-label={`Répartition des versements\u00a0: ${summary}`}>
          {stats.total_versements === 0 ? (
            <Progress.Section value={100} color="gray.3" withAria={false} />
          ) : (
            ORDER.map((statut) => (
              <Progress.Section key={statut} value={shares[statut]} color={statutColor(statut)} withAria={false} />
            ))
          )}
        </Progress.Root>
        <Group gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-hidden>
          {ORDER.map((statut) => (
            <Group key={statut} component="li" gap={6} wrap="nowrap">
              <span
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  background: `var(--mantine-color-${statutColor(statut)}-filled)`,
                }}
              />
              <Text size="xs">
                {SHARE_LABELS[statut]} {shares[statut]}
                {'\u00a0'}%
              </Text>
            </Group>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The payments' figures (spec 3 §2.1): how many in all, waiting, validated and rejected, the
 * amount validated, and the repartition bar; placeholders while they load, 'Réessayer' on a failure.
 */
export function VersementStatsCards({
  stats,
  error,
  onRetry,
  retrying,
}: {
  stats: VersementStats | undefined;
  error: Error | null;
  onRetry: () => void;
  retrying: boolean;
}) {
  if (!stats && error) {
    return (
      <ErrorPanel
        title="Erreur lors du chargement des statistiques"
        message={error.message}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  }
  const tiles = stats
    ? [
        {
          label: 'Total',
          value: formatNumber(stats.total_versements),
          icon: <IconReceipt size={20} />,
          color: 'blue',
        },
        {
          label: VERSEMENT_STATUT_LABELS.en_attente,
          value: formatNumber(stats.versements_en_attente),
          icon: <IconClock size={20} />,
          color: 'yellow',
        },
        {
          label: 'Validés',
          value: formatNumber(stats.versements_valides),
          icon: <IconCircleCheck size={20} />,
          color: 'green',
        },
        {
          label: 'Rejetés',
          value: formatNumber(stats.versements_rejetes),
          icon: <IconCircleX size={20} />,
          color: 'red',
        },
        {
          label: 'Montant validé',
          value: formatFCFA(stats.montant_total),
          icon: <IconCash size={20} />,
          color: 'teal',
        },
      ]
    : null;
  return (
    <Stack gap="sm">
      <SimpleGrid
        cols={{ base: 2, sm: 3, lg: 6 }}
        spacing="sm"
        role="group"
        aria-label="Chiffres des versements"
        aria-busy={!stats}
      >
        {tiles
          ? tiles.map((tile, index) => (
              // The amount, the longest figure, takes two columns: a whole row on a phone.
              <div key={tile.label} style={{ display: 'grid', gridColumn: index === 4 ? 'span 2' : undefined }}>
                <StatTile {...tile} />
              </div>
            ))
          : [0, 1, 2, 3, 4].map((i) => (
              <Paper key={i} withBorder radius="md" p="sm" style={i === 4 ? { gridColumn: 'span 2' } : undefined}>
                <Skeleton h={12} w="60%" />
                <Skeleton h={22} w="40%" mt={8} />
              </Paper>
            ))}
      </SimpleGrid>
      {stats && <RepartitionBar stats={stats} />}
    </Stack>
  );
}
