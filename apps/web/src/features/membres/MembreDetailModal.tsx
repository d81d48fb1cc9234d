import { can } from '@app/shared';
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconUserQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentProfile } from '../../api/index.ts';
import { membreDetailQuery } from '../../data/membres.ts';
import { isNotFound } from '../../ui/DetailLoad.tsx';
import { EmptyPanel } from '../../ui/EmptyPanel.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { StatementDownload } from '../../ui/StatementDownload.tsx';
import { MembreDetails } from './MembreDetails.tsx';
import { MembreEcheancier } from './MembreEcheancier.tsx';
import { MembreEditForm } from './MembreEditForm.tsx';
import { MembreRappels } from './MembreRappels.tsx';

/**
 * A member's file in a modal (spec 3 §2.7), read from the server; an admin may switch to the
 * edit mode. Members are never deleted (decisions §6): no delete button.
 */
export function MembreDetailModal({ membreId, onClose }: { membreId: number | null; onClose: () => void }) {
  const profile = useCurrentProfile();
  const canEdit = can(profile?.role, 'membres.update');
  const canSeeSchedule = can(profile?.role, 'echeanciers.read');
  const canDownloadStatement = can(profile?.role, 'releves.read');
  const canSeeReminders = can(profile?.role, 'rappels.read');
  const phone = useMediaQuery('(max-width: 48em)');
  const [editing, setEditing] = useState(false);
  // The member shown stays on screen while the modal fades out; each opening starts read-only.
  const [shownId, setShownId] = useState(membreId);
  const [openedId, setOpenedId] = useState(membreId);
  if (membreId !== openedId) {
    setOpenedId(membreId);
    if (membreId !== null) {
      setShownId(membreId);
      setEditing(false);
    }
  }
  const query = useQuery({ ...membreDetailQuery(shownId ?? 0), enabled: shownId !== null });

  const notFound = isNotFound(query.error);
  const membre = query.data;

  return (
    <Modal
      opened={membreId !== null}
      onClose={onClose}
      title={editing ? 'Modifier le membre' : 'Détails du membre'}
      size="xl"
      fullScreen={phone}
      centered
    >
      {editing && canEdit && membre ? (
        <MembreEditForm membre={membre} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap="lg">
          {query.isError && !membre ? (
            notFound ? (
              <EmptyPanel icon={<IconUserQuestion size={28} />} title="Membre non trouvé" color="gray" />
            ) : (
              <ErrorPanel
                title="Erreur lors du chargement"
                message={query.error.message}
                onRetry={() => void query.refetch()}
                retrying={query.isFetching}
              />
            )
          ) : !membre ? (
            <Stack align="center" py="xl" gap="xs" aria-busy="true">
              <Loader size="md" />
              <Text size="sm" c="dimmed">
                Chargement du membre...
              </Text>
            </Stack>
          ) : (
            <>
              <MembreDetails membre={membre} />
              {canSeeSchedule && <MembreEcheancier membreId={membre.id} />}
              {canSeeReminders && <MembreRappels membreId={membre.id} />}
              {canDownloadStatement && <StatementDownload membreId={membre.id} />}
            </>
          )}
          <Group justify="flex-end">
            {canEdit && membre && (
              <Button
                variant="light"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => setEditing(true)}
              >
                Modifier
              </Button>
            )}
            <Button variant="default" onClick={onClose}>
              Fermer
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
