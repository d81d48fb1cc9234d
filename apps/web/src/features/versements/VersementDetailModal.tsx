import {
  formatDate,
  formatDateTime,
  formatFCFA,
  fullName,
  TYPE_VERSEMENT_LABELS,
  VERSEMENT_MESSAGES,
  type Versement,
} from '@app/shared';
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconDownload, IconInfoCircle, IconTrash, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { versementDetailQuery } from '../../data/versements.ts';
import { DetailField, DetailSection } from '../../ui/DetailField.tsx';
import { DetailLoad, isNotFound } from '../../ui/DetailLoad.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import type { RowAction } from './VersementRowActions.tsx';
import { membreName, OWN_DECLARATION, type VersementRights, versementActions } from './versement-format.ts';

/** A status reads whole, never cut. */
const fullBadge = { minWidth: 'max-content' } as const;

const personName = (person: Versement['declare_par']) => (person ? fullName(person) : 'Non renseigné');

/** A payment, read-only: the receipt, the amount and status, who declared and decided it, and when. */
export function VersementDetails({ versement: v }: { versement: Versement }) {
  return (
    <Stack gap="lg">
      <Group gap="sm" justify="space-between" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} size="h4">
            {formatFCFA(v.montant)}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Reçu n°{'\u00a0'}
            {v.numero_recu} · {membreName(v)} ({v.membre.code_esv})
          </Text>
        </Stack>
        <StatusBadge statut={v.statut} size="lg" style={fullBadge} />
      </Group>

      {v.statut === 'rejete' && (
        <Alert color="red" variant="light" title="Motif du rejet" icon={<IconX size={18} aria-hidden />} role="note">
          {v.motif ?? 'Aucun motif indiqué.'}
        </Alert>
      )}

      <DetailSection title="Versement">
        <DetailField label="Numéro de reçu">{v.numero_recu}</DetailField>
        <DetailField label="Montant">{formatFCFA(v.montant)}</DetailField>
        <DetailField label="Type">{TYPE_VERSEMENT_LABELS[v.type_versement]}</DetailField>
        <DetailField label="Banque">{v.banque.nom}</DetailField>
        <DetailField label="Date du versement">{formatDate(v.date_versement)}</DetailField>
        <DetailField label="Date du reçu">{formatDate(v.date_recu)}</DetailField>
        <DetailField label="Reçu scanné">{v.scan_recu ?? 'Aucun'}</DetailField>
        <DetailField label="Commentaire">{v.commentaire || 'Aucun commentaire'}</DetailField>
      </DetailSection>

      <DetailSection title="Membre et produit">
        <DetailField label="Membre">{membreName(v)}</DetailField>
        <DetailField label="Code membre">{v.membre.code_esv}</DetailField>
        <DetailField label="Produit">{v.produit.titre}</DetailField>
        <DetailField label="Prix du produit">{formatFCFA(v.produit.prix)}</DetailField>
      </DetailSection>

      <DetailSection title="Suivi">
        <DetailField label="Déclaré par">{personName(v.declare_par)}</DetailField>
        <DetailField label="Déclaré le">{formatDateTime(v.created_at)}</DetailField>
        <DetailField label="Statut">
          <StatusBadge statut={v.statut} size="sm" style={fullBadge} />
        </DetailField>
        {v.statut === 'valide' && (
          <>
            <DetailField label="Validé par">{personName(v.traite_par)}</DetailField>
            <DetailField label="Validé le">{formatDateTime(v.date_validation)}</DetailField>
          </>
        )}
        {v.statut === 'rejete' && (
          <>
            <DetailField label="Rejeté par">{personName(v.traite_par)}</DetailField>
            <DetailField label="Rejeté le">{formatDateTime(v.date_rejet)}</DetailField>
          </>
        )}
      </DetailSection>
    </Stack>
  );
}

export interface VersementDetailModalProps {
  /** The payment opened from the list (shown at once, then re-read from the server); null: closed. */
  versement: Versement | null;
  rights: VersementRights;
  onClose: () => void;
  onAction: (action: RowAction, versement: Versement) => void;
  onScan: (versement: Versement) => void;
  scanLoading: boolean;
}

/** 'Détails du versement' (spec 3 §2.1), with the payment's actions. */
export function VersementDetailModal({
  versement,
  rights,
  onClose,
  onAction,
  onScan,
  scanLoading,
}: VersementDetailModalProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  // The payment shown stays on screen while the modal fades out.
  const [shown, setShown] = useState(versement);
  if (versement && versement !== shown) setShown(versement);
  const query = useQuery({
    ...versementDetailQuery(shown?.id ?? 0),
    enabled: versement !== null,
    placeholderData: shown ?? undefined,
  });
  const current = query.data;
  const notFound = isNotFound(query.error);
  const offered = current && !notFound ? versementActions(current, rights) : null;

  return (
    <Modal
      opened={versement !== null}
      onClose={onClose}
      title="Détails du versement"
      size="lg"
      fullScreen={phone}
      centered
    >
      <Stack gap="lg">
        <DetailLoad
          query={query}
          notFoundMessage={VERSEMENT_MESSAGES.notFound}
          errorTitle="Erreur lors du chargement du versement"
          loadingLabel="Chargement du versement..."
        >
          {(item) => <VersementDetails versement={item} />}
        </DetailLoad>
        {offered?.ownDeclaration && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="note">
            {OWN_DECLARATION}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          {current && offered?.scan && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={scanLoading}
              onClick={() => onScan(current)}
            >
              Télécharger le reçu
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
          {current && offered?.validate && (
            <Button
              color="green"
              leftSection={<IconCheck size={16} aria-hidden />}
              onClick={() => onAction('validate', current)}
            >
              Valider
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
