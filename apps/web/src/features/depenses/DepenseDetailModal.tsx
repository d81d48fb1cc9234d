import { DEPENSE_MESSAGES, type Depense, formatDate, formatDateTime, formatFCFA, fullName } from '@app/shared';
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconCheck,
  IconDownload,
  IconInfoCircle,
  IconMessage,
  IconPencil,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { depenseDetailQuery } from '../../data/depenses.ts';
import { DetailField, DetailSection } from '../../ui/DetailField.tsx';
import { DetailLoad, isNotFound } from '../../ui/DetailLoad.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import type { DepenseRowAction } from './DepenseRowActions.tsx';
import { categorieLabel, createurName, type DepenseRights, depenseActions } from './depense-format.ts';

/** A status reads whole, never cut. */
const fullBadge = { minWidth: 'max-content' } as const;

const personName = (person: Depense['approbateur']) => (person ? fullName(person) : 'Non renseigné');

/** An expense, read-only: what, how much, when, which bank, who filed and who decided it, and why. */
export function DepenseDetails({ depense: d }: { depense: Depense }) {
  return (
    <Stack gap="lg">
      <Group gap="sm" justify="space-between" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} size="h4">
            {formatFCFA(d.montant)}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {categorieLabel(d)} · {formatDate(d.date_depense)}
          </Text>
        </Stack>
        <StatusBadge statut={d.statut} size="lg" style={fullBadge} />
      </Group>

      {d.statut === 'rejetee' && (
        <Alert color="red" variant="light" title="Motif du rejet" icon={<IconX size={18} aria-hidden />} role="note">
          {d.commentaire ?? 'Aucun motif indiqué.'}
        </Alert>
      )}
      {d.statut === 'approuvee' && d.commentaire && (
        <Alert
          color="green"
          variant="light"
          title="Commentaire de l’approbation"
          icon={<IconMessage size={18} aria-hidden />}
          role="note"
        >
          {d.commentaire}
        </Alert>
      )}

      <DetailSection title="Dépense">
        <DetailField label="Montant">{formatFCFA(d.montant)}</DetailField>
        <DetailField label="Catégorie">{categorieLabel(d)}</DetailField>
        <DetailField label="Date de la dépense">{formatDate(d.date_depense)}</DetailField>
        <DetailField label="Numéro de reçu">{d.numero_recu ?? 'Non renseigné'}</DetailField>
        <DetailField label="Banque">{d.banque.nom}</DetailField>
        <DetailField label="Justificatif">{d.fichier_justificatif ?? 'Aucun'}</DetailField>
      </DetailSection>
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          Description
        </Text>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {d.description}
        </Text>
      </Stack>

      <DetailSection title="Suivi">
        <DetailField label="Déclarée par">{createurName(d)}</DetailField>
        <DetailField label="Déclarée le">{formatDateTime(d.created_at)}</DetailField>
        <DetailField label="Statut">
          <StatusBadge statut={d.statut} size="sm" style={fullBadge} />
        </DetailField>
        {d.statut === 'en_attente' && d.updated_at !== d.created_at && (
          <DetailField label="Modifiée le">{formatDateTime(d.updated_at)}</DetailField>
        )}
        {d.statut === 'approuvee' && (
          <>
            <DetailField label="Approuvée par">{personName(d.approbateur)}</DetailField>
            <DetailField label="Approuvée le">{formatDateTime(d.date_approbation)}</DetailField>
          </>
        )}
        {d.statut === 'rejetee' && (
          <>
            <DetailField label="Rejetée par">{personName(d.approbateur)}</DetailField>
            <DetailField label="Rejetée le">{formatDateTime(d.date_rejet)}</DetailField>
          </>
        )}
      </DetailSection>
    </Stack>
  );
}

export interface DepenseDetailModalProps {
  /** The expense opened from the list (shown at once, then re-read from the server); null: closed. */
  depense: Depense | null;
  rights: DepenseRights;
  onClose: () => void;
  onAction: (action: DepenseRowAction, depense: Depense) => void;
  onEdit: (depense: Depense) => void;
  onJustificatif: (depense: Depense) => void;
  justificatifLoading: boolean;
}

/** 'Détails de la dépense' (spec 3 §2.2), with the expense's actions. */
export function DepenseDetailModal({
  depense,
  rights,
  onClose,
  onAction,
  onEdit,
  onJustificatif,
  justificatifLoading,
}: DepenseDetailModalProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  // The expense shown stays on screen while the modal fades out.
  const [shown, setShown] = useState(depense);
  if (depense && depense !== shown) setShown(depense);
  const query = useQuery({
    ...depenseDetailQuery(shown?.id ?? 0),
    enabled: depense !== null,
    placeholderData: shown ?? undefined,
  });
  const current = query.data;
  const notFound = isNotFound(query.error);
  const offered = current && !notFound ? depenseActions(current, rights) : null;

  return (
    <Modal
      opened={depense !== null}
      onClose={onClose}
      title="Détails de la dépense"
      size="lg"
      fullScreen={phone}
      centered
    >
      <Stack gap="lg">
        <DetailLoad
          query={query}
          notFoundMessage={DEPENSE_MESSAGES.notFound}
          errorTitle="Erreur lors du chargement de la dépense"
          loadingLabel="Chargement de la dépense..."
        >
          {(item) => <DepenseDetails depense={item} />}
        </DetailLoad>
        {offered?.ownFiling && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="note">
            {DEPENSE_MESSAGES.ownFiling}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          {current && offered?.justificatif && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={justificatifLoading}
              onClick={() => onJustificatif(current)}
            >
              Télécharger le justificatif
            </Button>
          )}
          {current && offered?.delete && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => onAction('delete', current)}
            >
              Supprimer
            </Button>
          )}
          {current && offered?.update && (
            <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onEdit(current)}>
              Modifier
            </Button>
          )}
          {current && offered?.reject && (
            <Button
              color="orange"
              variant="light"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => onAction('reject', current)}
            >
              Rejeter
            </Button>
          )}
          {current && offered?.approve && (
            <Button
              color="green"
              leftSection={<IconCheck size={16} aria-hidden />}
              onClick={() => onAction('approve', current)}
            >
              Approuver
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            Fermer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
