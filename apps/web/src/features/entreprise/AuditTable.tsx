import { type AuditEntry, formatDateTime } from '@app/shared';
import { Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useId } from 'react';
import { LabelledLine } from '../../ui/LabelledLine.tsx';
import { ScrollRegion } from '../../ui/ScrollRegion.tsx';
import { actionColor, actionLabel, auteurText, tableLabel } from './audit-format.ts';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** An action reads whole, never cut. */
const fullBadge = { minWidth: 'max-content' } as const;

export interface AuditRowsProps {
  entries: AuditEntry[];
  onOpen: (entry: AuditEntry) => void;
}

const detailsName = (e: AuditEntry) =>
  `Détails de l’entrée du ${formatDateTime(e.created_at)} (${actionLabel(e.action)})`;

function DetailsButton({ entry, onOpen }: { entry: AuditEntry; onOpen: (entry: AuditEntry) => void }) {
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconEye size={14} aria-hidden />}
      aria-label={detailsName(entry)}
      onClick={() => onOpen(entry)}
    >
      Détails
    </Button>
  );
}

/**
 * The journal as a table (spec 3 §2.5): date and time, user, action, table, record, IP address and
 * the details button. On a narrow window it scrolls sideways, the keyboard reaching it too.
 */
export function AuditTable({ entries, onOpen }: AuditRowsProps) {
  return (
    <ScrollRegion label="Tableau du journal d’audit" minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover striped="odd" aria-label="Journal d’audit">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={nowrap}>Date et heure</Table.Th>
            <Table.Th>Utilisateur</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Table</Table.Th>
            <Table.Th>Enregistrement</Table.Th>
            <Table.Th>Adresse IP</Table.Th>
            <Table.Th>
              <VisuallyHidden>Détails</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td style={nowrap}>{formatDateTime(e.created_at)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={e.user ? 600 : 400} c={e.user ? undefined : 'dimmed'}>
                  {auteurText(e)}
                </Text>
                {e.user && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {e.user.email}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={actionColor(e.action)} size="sm" style={fullBadge}>
                  {actionLabel(e.action)}
                </Badge>
              </Table.Td>
              <Table.Td>{tableLabel(e.table_name)}</Table.Td>
              <Table.Td>{e.record_id ? `n°\u00a0${e.record_id}` : '–'}</Table.Td>
              <Table.Td style={nowrap}>
                <Text size="sm" ff="monospace">
                  {e.ip_address ?? '–'}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <DetailsButton entry={e} onOpen={onOpen} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** One entry on a phone, where the table would hide half its columns: the same fields and the details. */
export function AuditCard({ entry: e, onOpen }: { entry: AuditEntry; onOpen: (entry: AuditEntry) => void }) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {tableLabel(e.table_name)}
            {e.record_id ? ` n°\u00a0${e.record_id}` : ''}
          </Title>
          <Text size="xs" c="dimmed">
            {formatDateTime(e.created_at)}
          </Text>
        </div>
        <Badge variant="light" color={actionColor(e.action)} size="sm" style={fullBadge}>
          {actionLabel(e.action)}
        </Badge>
      </Group>
      <Stack gap={2} mt="xs">
        <LabelledLine label="Utilisateur">{auteurText(e)}</LabelledLine>
        <LabelledLine label="Adresse IP">{e.ip_address ?? '–'}</LabelledLine>
      </Stack>
      <Group mt="sm">
        <DetailsButton entry={e} onOpen={onOpen} />
      </Group>
    </Card>
  );
}
