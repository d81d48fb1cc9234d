import {
  formatDate,
  formatDateTime,
  formatFCFA,
  fullName,
  REMBOURSEMENT_MESSAGES,
  type Remboursement,
} from '@app/shared';
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChecklist, IconDownload, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { remboursementDetailQuery } from '../../data/remboursements.ts';
import { DetailField, DetailSection } from '../../ui/DetailField.tsx';
import { DetailLoad, isNotFound } from '../../ui/DetailLoad.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import type { RowAction } from './RemboursementRowActions.tsx';
import { membreName, type RemboursementRights, remboursementActions } from './remboursement-format.ts';

/** A status reads whole, never cut. */
const fullBadge = { minWidth: 'max-content' } as const;

const personName = (person: Remboursement['traitant']) => (person ? fullName(person) : 'Non renseigné');

/** A request, read-only: the amount and status, the member, the reason and comments, who decided, when, the bank. */
export function RemboursementDetails({ remboursement: r }: { remboursement: Remboursement }) {
  const decided = r.statut !== 'en_attente';
  return (
    <Stack gap="lg">
      <Group gap="sm" justify="space-between" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} size="h4">
            {formatFCFA(r.montant)}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {membreName(r)} ({r.membre.code_esv}) · demandé le {formatDate(r.date_creation)}
          </Text>
        </Stack>
        <StatusBadge statut={r.statut} size="lg" style={fullBadge} />
      </Group>

      {r.statut === 'rejete' && (
        <Alert color="red" variant="light" title="Motif du rejet" icon={<IconX size={18} aria-hidden />} role="note">
          {r.commentaire_traitement ?? 'Aucun motif indiqué.'}
        </Alert>
      )}

      <DetailSection title="Demande">
        <DetailField label="Montant">{formatFCFA(r.montant)}</DetailField>
        <DetailField label="Raison">{r.raison}</DetailField>
        <DetailField label="Commentaire du demandeur">{r.commentaire || 'Aucun commentaire'}</DetailField>
        <DetailField label="Justificatif">{r.fichier_justificatif ?? 'Aucun'}</DetailField>
        <DetailField label="Déposée par">{personName(r.depose_par)}</DetailField>
        <DetailField label="Date de la demande">{formatDateTime(r.date_creation)}</DetailField>
      </DetailSection>

      <DetailSection title="Membre">
        <DetailField label="Membre">{membreName(r)}</DetailField>
        <DetailField label="Code membre">{r.membre.code_esv}</DetailField>
        <DetailField label="E-mail">{r.membre.email}</DetailField>
      </DetailSection>

      <DetailSection title="Traitement">
        <DetailField label="Statut">
          <StatusBadge statut={r.statut} size="sm" style={fullBadge} />
        </DetailField>
        <DetailField label="Traitée par">{decided ? personName(r.traitant) : 'En attente de traitement'}</DetailField>
        <DetailField label="Date de traitement">{decided ? formatDateTime(r.date_traitement) : '–'}</DetailField>
        <DetailField label="Banque débitée">
          {r.banque?.nom ?? (r.statut === 'approuve' ? 'Non renseignée' : '–')}
        </DetailField>
        <DetailField label="Commentaire du responsable">{r.commentaire_traitement || 'Aucun commentaire'}</DetailField>
      </DetailSection>
    </Stack>
  );
}

export interface RemboursementDetailModalProps {
  /** The request opened from the list (shown at once, then re-read from the server); null: closed. */
  remboursement: Remboursement | null;
  rights: RemboursementRights;
  onClose: () => void;
  onAction: (action: RowAction, remboursement: Remboursement) => void;
  onJustificatif: (remboursement: Remboursement) => void;
  justificatifLoading: boolean;
}

/** 'Détails du remboursement' (spec 3 §2.3), with the request's actions. */
export function RemboursementDetailModal({
  remboursement,
  rights,
  onClose,
  onAction,
  onJustificatif,
  justificatifLoading,
}: RemboursementDetailModalProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  // The request shown stays on screen while the modal fades out.
  const [shown, setShown] = useState(remboursement);
  if (remboursement && remboursement !== shown) setShown(remboursement);
  const query = useQuery({
    ...remboursementDetailQuery(shown?.id ?? 0),
    enabled: remboursement !== null,
    placeholderData: shown ?? undefined,
  });
  const current = query.data;
  const notFound = isNotFound(query.error);
  const offered = current && !notFound ? remboursementActions(current, rights) : null;

  return (
    <Modal
      opened={remboursement !== null}
      onClose={onClose}
      title="Détails du remboursement"
      size="lg"
      fullScreen={phone}
      centered
    >
      <Stack gap="lg">
        <DetailLoad
          query={query}
          notFoundMessage={REMBOURSEMENT_MESSAGES.notFound}
          errorTitle="Erreur lors du chargement du remboursement"
          loadingLabel="Chargement du remboursement..."
        >
          {(item) => <RemboursementDetails remboursement={item} />}
        </DetailLoad>
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
          {current && offered?.cancel && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => onAction('cancel', current)}
            >
              Annuler la demande
            </Button>
          )}
          {current && offered?.process && (
            <Button leftSection={<IconChecklist size={16} aria-hidden />} onClick={() => onAction('process', current)}>
              Traiter
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
