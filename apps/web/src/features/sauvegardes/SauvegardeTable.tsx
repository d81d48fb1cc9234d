import {
  DECLENCHEMENT_SAUVEGARDE_LABELS,
  formatDateTime,
  type Sauvegarde,
  STATUT_SAUVEGARDE_LABELS,
} from '@app/shared';
import { Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { LabelledLine } from '../../ui/LabelledLine.tsx';
import { ScrollRegion } from '../../ui/ScrollRegion.tsx';
import { formatDuree, formatTaille, STATUT_COLORS } from './sauvegarde-format.ts';

const nowrap = { whiteSpace: 'nowrap' } as const;

export interface SauvegardeRowsProps {
  /** The company's time zone, the one of the schedule. */
  timeZone: string | undefined;
  /** The backup whose file is on its way. */
  downloadingId: number | null;
  onDownload: (sauvegarde: Sauvegarde) => void;
}

function StatutBadge({ sauvegarde }: { sauvegarde: Sauvegarde }) {
  return (
    <Badge variant="light" color={STATUT_COLORS[sauvegarde.statut]} size="sm" style={{ minWidth: 'max-content' }}>
      {STATUT_SAUVEGARDE_LABELS[sauvegarde.statut]}
    </Badge>
  );
}

/** Why a backup failed, under its status. */
function Motif({ sauvegarde }: { sauvegarde: Sauvegarde }) {
  if (sauvegarde.statut !== 'echec' || !sauvegarde.motif) return null;
  return (
    <Text size="xs" c="red" mt={4} style={{ overflowWrap: 'anywhere' }}>
      {sauvegarde.motif}
    </Text>
  );
}

/** 'Télécharger', named after the backup's date, while its file is still kept. */
function DownloadButton({
  sauvegarde,
  timeZone,
  downloadingId,
  onDownload,
}: SauvegardeRowsProps & { sauvegarde: Sauvegarde }) {
  if (!sauvegarde.fichier) return null;
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} aria-hidden />}
      aria-label={`Télécharger la sauvegarde du ${formatDateTime(sauvegarde.debut, timeZone)}`}
      loading={downloadingId === sauvegarde.id}
      onClick={() => onDownload(sauvegarde)}
    >
      Télécharger
    </Button>
  );
}

/**
 * The backups as a table, newest first: date, trigger, size, duration, encrypted, status (and why
 * it failed) and the download. On a narrow window it scrolls sideways, the keyboard reaching it too.
 */
export function SauvegardeTable({ sauvegardes, ...rows }: SauvegardeRowsProps & { sauvegardes: Sauvegarde[] }) {
  return (
    <ScrollRegion label="Tableau des sauvegardes" minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover striped="odd" aria-label="Liste des sauvegardes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={nowrap}>Date</Table.Th>
            <Table.Th>Déclenchement</Table.Th>
            <Table.Th>Taille</Table.Th>
            <Table.Th>Durée</Table.Th>
            <Table.Th>Chiffrée</Table.Th>
            <Table.Th>Statut</Table.Th>
            <Table.Th>
              <VisuallyHidden>Fichier</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sauvegardes.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td style={nowrap}>{formatDateTime(s.debut, rows.timeZone)}</Table.Td>
              <Table.Td>{DECLENCHEMENT_SAUVEGARDE_LABELS[s.declenchement]}</Table.Td>
              <Table.Td style={nowrap}>{formatTaille(s.taille)}</Table.Td>
              <Table.Td style={nowrap}>{formatDuree(s)}</Table.Td>
              <Table.Td>{s.chiffree ? 'Oui' : 'Non'}</Table.Td>
              <Table.Td maw={320}>
                <StatutBadge sauvegarde={s} />
                <Motif sauvegarde={s} />
              </Table.Td>
              <Table.Td ta="right">
                <DownloadButton sauvegarde={s} {...rows} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** One backup on a phone: the same fields as a row, and the download. */
export function SauvegardeCard({ sauvegarde: s, ...rows }: SauvegardeRowsProps & { sauvegarde: Sauvegarde }) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h5" id={titleId}>
            {formatDateTime(s.debut, rows.timeZone)}
          </Title>
          <Text size="xs" c="dimmed">
            {DECLENCHEMENT_SAUVEGARDE_LABELS[s.declenchement]}
          </Text>
        </div>
        <StatutBadge sauvegarde={s} />
      </Group>
      <Motif sauvegarde={s} />
      <Stack gap={2} mt="xs">
        <LabelledLine label="Taille">{formatTaille(s.taille)}</LabelledLine>
        <LabelledLine label="Durée">{formatDuree(s)}</LabelledLine>
        <LabelledLine label="Chiffrée">{s.chiffree ? 'Oui' : 'Non'}</LabelledLine>
      </Stack>
      {s.fichier && (
        <Group mt="sm">
          <DownloadButton sauvegarde={s} {...rows} />
        </Group>
      )}
    </Card>
  );
}
