import { formatFCFA, type Remboursement } from '@app/shared';
import { Group } from '@mantine/core';
import { IconChecklist, IconDownload, IconEye, IconX } from '@tabler/icons-react';
import { IconAction } from '../../ui/IconAction.tsx';
import { membreName, type RemboursementRights, remboursementActions } from './remboursement-format.ts';

export type RowAction = 'process' | 'cancel';

export interface RemboursementRowActionsProps {
  remboursement: Remboursement;
  rights: RemboursementRights;
  onOpen: (remboursement: Remboursement) => void;
  onAction: (action: RowAction, remboursement: Remboursement) => void;
  onJustificatif: (remboursement: Remboursement) => void;
  /** The supporting file of this request is being fetched. */
  justificatifLoading: boolean;
}

/**
 * A request's actions (spec 3 §2.3): details; its supporting file when there is one; Traiter
 * (processors) and Annuler while it waits. Each names the request it acts on.
 */
export function RemboursementRowActions({
  remboursement,
  rights,
  onOpen,
  onAction,
  onJustificatif,
  justificatifLoading,
}: RemboursementRowActionsProps) {
  const offered = remboursementActions(remboursement, rights);
  const of = `de ${formatFCFA(remboursement.montant)} de ${membreName(remboursement)}`;
  return (
    <Group gap={6} wrap="nowrap">
      <IconAction
        label="Voir les détails"
        ariaLabel={`Détails du remboursement ${of}`}
        onClick={() => onOpen(remboursement)}
      >
        <IconEye size={18} aria-hidden />
      </IconAction>
      {offered.justificatif && (
        <IconAction
          label="Télécharger le justificatif"
          ariaLabel={`Télécharger le justificatif du remboursement ${of}`}
          color="gray"
          disabled={justificatifLoading}
          onClick={() => onJustificatif(remboursement)}
        >
          <IconDownload size={18} aria-hidden />
        </IconAction>
      )}
      {offered.process && (
        <IconAction
          label="Traiter"
          ariaLabel={`Traiter la demande ${of}`}
          color="teal"
          onClick={() => onAction('process', remboursement)}
        >
          <IconChecklist size={18} aria-hidden />
        </IconAction>
      )}
      {offered.cancel && (
        <IconAction
          label="Annuler la demande"
          ariaLabel={`Annuler la demande ${of}`}
          color="red"
          onClick={() => onAction('cancel', remboursement)}
        >
          <IconX size={18} aria-hidden />
        </IconAction>
      )}
    </Group>
  );
}
