import type { Demande } from '@app/shared';
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconFileSearch, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/index.ts';
import { demandeDetailQuery } from '../../data/demandes.ts';
import { EmptyPanel } from '../../ui/EmptyPanel.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { DemandeDetails } from './DemandeDetails.tsx';

export interface DemandeDetailModalProps {
  /** The demande opened from the list (shown at once, then re-read from the server); null: closed. */
  demande: Demande | null;
  canDecide: boolean;
  onClose: () => void;
  onDecide: (demande: Demande, action: 'validate' | 'reject') => void;
}

/** 'Détails de la demande' (spec 1 §2.5), with Valider and Rejeter on a pending demande. */
export function DemandeDetailModal({ demande, canDecide, onClose, onDecide }: DemandeDetailModalProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  // The demande shown stays on screen while the modal fades out.
  const [shown, setShown] = useState(demande);
  if (demande && demande !== shown) setShown(demande);
  const id = shown?.id ?? 0;
  const query = useQuery({
    ...demandeDetailQuery(id),
    enabled: demande !== null,
    placeholderData: shown ?? undefined,
  });
  const current = query.data;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const pending = current?.statut === 'en_attente';

  return (
    <Modal
      opened={demande !== null}
      onClose={onClose}
      title="Détails de la demande"
      size="xl"
      fullScreen={phone}
      centered
    >
      <Stack gap="lg">
        {notFound ? (
          <EmptyPanel icon={<IconFileSearch size={28} />} title="Demande non trouvée." color="gray" />
        ) : query.isError && !current ? (
          <ErrorPanel
            title="Erreur lors du chargement de la demande"
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : !current ? (
          <Stack align="center" py="xl" gap="xs" aria-busy="true">
            <Loader size="md" aria-hidden />
            <Text size="sm" c="dimmed">
              Chargement de la demande...
            </Text>
          </Stack>
        ) : (
          <DemandeDetails demande={current} />
        )}
        <Group justify="flex-end">
          {canDecide && current && pending && !notFound && (
            <>
              <Button
                color="red"
                variant="light"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => onDecide(current, 'reject')}
              >
                Rejeter
              </Button>
              <Button
                color="green"
                leftSection={<IconCheck size={16} aria-hidden />}
                onClick={() => onDecide(current, 'validate')}
              >
                Valider
              </Button>
            </>
          )}
          <Button variant="default" onClick={onClose}>
            Fermer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
