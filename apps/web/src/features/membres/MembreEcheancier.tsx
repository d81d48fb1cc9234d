import { can, formatDate, formatDateTime, formatFCFA, plural } from '@app/shared';
import { Button, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCalendarRepeat } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentProfile } from '../../api/index.ts';
import { echeancierQuery } from '../../data/echeanciers.ts';
import { EcheancierTable, RetardAlert } from '../../ui/Echeancier.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { type EcheancierChange, EcheancierChangeModal } from './EcheancierChangeModal.tsx';

/**
 * A member's schedule on his file (issue 15): arrears, next instalment, the instalments and the
 * versions before this one; an admin moves its start (before any validated payment) or reschedules.
 */
export function MembreEcheancier({ membreId }: { membreId: number }) {
  const profile = useCurrentProfile();
  const canChange = can(profile?.role, 'echeanciers.update');
  const query = useQuery(echeancierQuery(membreId));
  const [change, setChange] = useState<EcheancierChange | null>(null);
  const e = query.data;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="membre-echeancier-titre">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={3} size="h5" id="membre-echeancier-titre">
          Échéancier
        </Title>
        {canChange && e && (
          <Group gap="xs">
            {e.debut_modifiable && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCalendarEvent size={16} aria-hidden />}
                onClick={() => setChange('debut')}
              >
                Modifier la date de début
              </Button>
            )}
            {e.reste > 0 && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCalendarRepeat size={16} aria-hidden />}
                onClick={() => setChange('reechelonnement')}
              >
                Réaménager
              </Button>
            )}
          </Group>
        )}
      </Group>
      {query.isError && !e ? (
        <ErrorPanel
          title="Erreur lors du chargement de l’échéancier"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !e ? (
        <Group justify="center" py="md" aria-busy="true">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Chargement de l’échéancier...
          </Text>
        </Group>
      ) : (
        <Stack gap="sm">
          <RetardAlert echeancier={e} owner="membre" />
          <Text size="sm">
            {e.prochaine ? (
              <>
                Prochaine échéance&nbsp;: n<sup>o</sup>&nbsp;{e.prochaine.numero},{' '}
                <strong>{formatFCFA(e.prochaine.montant)}</strong> le {formatDate(e.prochaine.date)}
              </>
            ) : e.reste === 0 ? (
              'Échéancier entièrement payé.'
            ) : (
              'Toutes les échéances sont passées.'
            )}
          </Text>
          <EcheancierTable echeancier={e} caption="Échéances du membre" />
          {e.historique.length > 1 && (
            <div>
              <Text size="sm" fw={600} mb={4}>
                Historique ({plural(e.historique.length, 'version')})
              </Text>
              <List size="sm" spacing={2}>
                {e.historique.map((h) => (
                  <List.Item key={h.version}>
                    Version {h.version}
                    {h.remplace_le === null ? ' (en cours)' : ''}&nbsp;: {plural(h.echeances, 'échéance')} à partir du{' '}
                    {formatDate(h.premiere_echeance)}, le {formatDateTime(h.created_at)}
                    {h.cree_par ? ` par ${h.cree_par}` : ''}
                    {h.motif ? ` — ${h.motif}` : ''}
                  </List.Item>
                ))}
              </List>
            </div>
          )}
          {canChange && <EcheancierChangeModal echeancier={e} change={change} onClose={() => setChange(null)} />}
        </Stack>
      )}
    </Paper>
  );
}
