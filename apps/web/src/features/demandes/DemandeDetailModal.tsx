import type { Demande } from '@app/shared';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { demandeDetailQuery } from '../../data/demandes.ts';
import { DetailLoad, isNotFound } from '../../ui/DetailLoad.tsx';
import { DemandeDetails } from './DemandeDetails.tsx';

export interface DemandeDetailModalProps {
  /** The demande opened from the list (shown at once, then re-read from the server); null: closed. */
  demande: Demande | null;
  canDecide: boolean;
  onClose: () => void;
  onDecide: (demande: Demande, action: 'validate' | 'reject') => void;
  /** The correction of a pending demande (admin, gestionnaire); absent: no such action. */
  onEdit?: (demande: Demande) => void;
  /** The admin's deletion of a demande not validated (it asks first); absent: no such action. */
  onDelete?: (demande: Demande) => void;
}

/**
 * 'Détails de la demande' (spec 1 §2.5), with Modifier, Valider and Rejeter on a pending demande,
 * and for the admin Supprimer on one that created no member.
 */
export function DemandeDetailModal({
  demande,
  canDecide,
  onClose,
  onDecide,
  onEdit,
  onDelete,
}: DemandeDetailModalProps) {
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
  const notFound = isNotFound(query.error);
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
        <DetailLoad
          query={query}
          notFoundMessage="Demande non trouvée."
          errorTitle="Erreur lors du chargement de la demande"
          loadingLabel="Chargement de la demande..."
        >
          {(item) => <DemandeDetails demande={item} />}
        </DetailLoad>
        <Group justify="flex-end">
          {onDelete && current && current.statut !== 'validee' && !notFound && (
            <Button
              color="red"
              variant="subtle"
              mr="auto"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => onDelete(current)}
            >
              Supprimer
            </Button>
          )}
          {onEdit && current && pending && !notFound && (
            <Button
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => onEdit(current)}
            >
              Modifier
            </Button>
          )}
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
