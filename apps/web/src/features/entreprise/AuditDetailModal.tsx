import { AUDIT_MESSAGES, type AuditEntry, formatDateTime, formatNumber } from '@app/shared';
import { Badge, Button, Code, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { auditDetailQuery } from '../../data/audit.ts';
import { DetailField, DetailSection } from '../../ui/DetailField.tsx';
import { DetailLoad } from '../../ui/DetailLoad.tsx';
import { actionColor, actionLabel, auteurText, tableLabel, valueLines } from './audit-format.ts';

/** Old or new values: the fields as a list, other data as formatted JSON, or 'Aucune donnée'. */
function Values({ title, values }: { title: string; values: unknown }) {
  const titleId = useId();
  const lines = valueLines(values);
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={titleId} style={{ minWidth: 0 }}>
      <Title order={4} size="h6" id={titleId} mb="xs">
        {title}
      </Title>
      {lines === null ? (
        <Text size="sm" c="dimmed">
          {AUDIT_MESSAGES.noData}
        </Text>
      ) : typeof lines === 'string' ? (
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {lines}
        </Code>
      ) : (
        <Stack component="dl" gap={6} m={0}>
          {lines.map(({ key, value }) => (
            <div key={key} style={{ minWidth: 0 }}>
              <Text component="dt" size="xs" c="dimmed" ff="monospace">
                {key}
              </Text>
              <Text
                component="dd"
                size="sm"
                fw={500}
                m={0}
                style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
              >
                {value}
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** An entry, read only: what was done to which record and when, by whom, from where, and the values. */
export function AuditDetails({ entry: e }: { entry: AuditEntry }) {
  return (
    <Stack gap="lg">
      <Group gap="sm" justify="space-between" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} size="h4">
            {tableLabel(e.table_name)}
            {e.record_id ? ` n°\u00a0${e.record_id}` : ''}
          </Title>
          <Text size="sm" c="dimmed">
            {formatDateTime(e.created_at)} · {auteurText(e)}
          </Text>
        </Stack>
        <Badge variant="light" color={actionColor(e.action)} size="lg" style={{ minWidth: 'max-content' }}>
          {actionLabel(e.action)}
        </Badge>
      </Group>

      <DetailSection title="Informations générales">
        <DetailField label="Action">{actionLabel(e.action)}</DetailField>
        <DetailField label="Table">{tableLabel(e.table_name)}</DetailField>
        <DetailField label="Enregistrement">{e.record_id ?? '–'}</DetailField>
        <DetailField label="Date et heure">{formatDateTime(e.created_at)}</DetailField>
        <DetailField label="Position dans la chaîne">{formatNumber(e.position)}</DetailField>
        <DetailField label="Empreinte">
          <Text span ff="monospace" size="xs" style={{ overflowWrap: 'anywhere' }}>
            {e.empreinte}
          </Text>
        </DetailField>
      </DetailSection>

      <DetailSection title="Utilisateur">
        <DetailField label="Nom">{auteurText(e)}</DetailField>
        <DetailField label="E-mail">{e.user?.email ?? '–'}</DetailField>
      </DetailSection>

      <DetailSection title="Navigateur" cols={1}>
        <DetailField label="Adresse IP">{e.ip_address ?? '–'}</DetailField>
        <DetailField label="Agent utilisateur">{e.user_agent ?? '–'}</DetailField>
      </DetailSection>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Values title="Anciennes valeurs" values={e.old_values} />
        <Values title="Nouvelles valeurs" values={e.new_values} />
      </SimpleGrid>
    </Stack>
  );
}

/** 'Détails de l’entrée' (spec 3 §2.5): opened from the journal, re-read from the server, full screen on a phone. */
export function AuditDetailModal({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  // The entry shown stays on screen while the dialog fades out.
  const [shown, setShown] = useState(entry);
  if (entry && entry !== shown) setShown(entry);
  const query = useQuery({
    ...auditDetailQuery(shown?.id ?? 0),
    enabled: entry !== null,
    placeholderData: shown ?? undefined,
  });
  // The list's copy is whole: it stays shown should the second read fail.
  const _current = query.data ?? shown;

  return (
    <Modal opened={entry !== null} onClose={onClose} title="Détails de l’entrée" size="xl" fullScreen={phone} centered>
      <Stack gap="lg">
        <DetailLoad
          query={query}
          notFoundMessage={AUDIT_MESSAGES.notFound}
          errorTitle="Erreur lors du chargement de l’entrée"
          loadingLabel="Chargement de l’entrée..."
        >
          {(item) => <AuditDetails entry={item} />}
        </DetailLoad>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fermer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
