import { RECU_MESSAGES, type Versement } from '@app/shared';
import { Group } from '@mantine/core';
import { IconCheck, IconDownload, IconEye, IconFileInvoice, IconTrash, IconX } from '@tabler/icons-react';
import { downloadRecu } from '../../data/recus.ts';
import { IconAction } from '../../ui/IconAction.tsx';
import { useFileDownload } from '../../ui/use-file-download.ts';
import { membreName, type VersementRights, versementActions } from './versement-format.ts';

export type RowAction = 'validate' | 'reject' | 'delete';

export interface VersementRowActionsProps {
  versement: Versement;
  rights: VersementRights;
  onOpen: (versement: Versement) => void;
  onAction: (action: RowAction, versement: Versement) => void;
  onScan: (versement: Versement) => void;
  /** The scan of this payment is being fetched. */
  scanLoading: boolean;
}

/**
 * A payment's actions (spec 3 §2.1): details; the receipt's scan when there is one; once validated,
 * our PDF receipt (issue 15); Valider and Rejeter while it waits (Valider never to whoever declared
 * it); Supprimer. Each names the payment it acts on.
 */
export function VersementRowActions({
  versement,
  rights,
  onOpen,
  onAction,
  onScan,
  scanLoading,
}: VersementRowActionsProps) {
  const offered = versementActions(versement, rights);
  const of = `du versement ${versement.numero_recu} de ${membreName(versement)}`;
  const recu = useFileDownload(downloadRecu, RECU_MESSAGES.recuError);
  return (
    <Group gap={6} wrap="nowrap">
      <IconAction label="Voir les détails" ariaLabel={`Détails ${of}`} onClick={() => onOpen(versement)}>
        <IconEye size={18} aria-hidden />
      </IconAction>
      {offered.scan && (
        <IconAction
          label="Télécharger le reçu"
          ariaLabel={`Télécharger le reçu ${of}`}
          color="gray"
          disabled={scanLoading}
          onClick={() => onScan(versement)}
        >
          <IconDownload size={18} aria-hidden />
        </IconAction>
      )}
      {versement.statut === 'valide' && (
        <IconAction
          label="Reçu de paiement (PDF)"
          ariaLabel={`Reçu de paiement (PDF) ${of}`}
          color="teal"
          disabled={recu.loadingId === versement.id}
          onClick={() => recu.download(versement)}
        >
          <IconFileInvoice size={18} aria-hidden />
        </IconAction>
      )}
      {offered.validate && (
        <IconAction
          label="Valider"
          ariaLabel={`Valider le versement ${versement.numero_recu} de ${membreName(versement)}`}
          color="green"
          onClick={() => onAction('validate', versement)}
        >
          <IconCheck size={18} aria-hidden />
        </IconAction>
      )}
      {offered.reject && (
        <IconAction
          label="Rejeter"
          ariaLabel={`Rejeter le versement ${versement.numero_recu} de ${membreName(versement)}`}
          color="orange"
          onClick={() => onAction('reject', versement)}
        >
          <IconX size={18} aria-hidden />
        </IconAction>
      )}
      {offered.delete && (
        <IconAction
          label="Supprimer"
          ariaLabel={`Supprimer le versement ${versement.numero_recu} de ${membreName(versement)}`}
          color="red"
          onClick={() => onAction('delete', versement)}
        >
          <IconTrash size={18} aria-hidden />
        </IconAction>
      )}
    </Group>
  );
}
