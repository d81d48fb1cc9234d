import type { Depense } from '@app/shared';
import { Group } from '@mantine/core';
import { IconCheck, IconDownload, IconEye, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { IconAction } from '../../ui/IconAction.tsx';
import { createurName, type DepenseRights, depenseActions, shortDescription } from './depense-format.ts';

export type DepenseRowAction = 'approve' | 'reject' | 'delete';

export interface DepenseRowActionsProps {
  depense: Depense;
  rights: DepenseRights;
  onOpen: (depense: Depense) => void;
  onAction: (action: DepenseRowAction, depense: Depense) => void;
  onEdit: (depense: Depense) => void;
  onJustificatif: (depense: Depense) => void;
  /** The justificatif of this expense is being fetched. */
  justificatifLoading: boolean;
}

/**
 * An expense's actions (spec 3 §2.2, §4): details; the justificatif when there is one; Approuver
 * and Rejeter while it waits (admin, comptable); Modifier (its filer, while it waits); Supprimer.
 * Each names the expense it acts on.
 */
export function DepenseRowActions({
  depense,
  rights,
  onOpen,
  onAction,
  onEdit,
  onJustificatif,
  justificatifLoading,
}: DepenseRowActionsProps) {
  const offered = depenseActions(depense, rights);
  const of = `la dépense «\u00a0${shortDescription(depense)}\u00a0» de ${createurName(depense)}`;
  return (
    <Group gap={6} wrap="nowrap">
      <IconAction label="Voir les détails" ariaLabel={`Détails de ${of}`} onClick={() => onOpen(depense)}>
        <IconEye size={18} aria-hidden />
      </IconAction>
      {offered.justificatif && (
        <IconAction
          label="Télécharger le justificatif"
          ariaLabel={`Télécharger le justificatif de ${of}`}
          color="gray"
          disabled={justificatifLoading}
          onClick={() => onJustificatif(depense)}
        >
          <IconDownload size={18} aria-hidden />
        </IconAction>
      )}
      {offered.approve && (
        <IconAction
          label="Approuver"
          ariaLabel={`Approuver ${of}`}
          color="green"
          onClick={() => onAction('approve', depense)}
        >
          <IconCheck size={18} aria-hidden />
        </IconAction>
      )}
      {offered.reject && (
        <IconAction
          label="Rejeter"
          ariaLabel={`Rejeter ${of}`}
          color="orange"
          onClick={() => onAction('reject', depense)}
        >
          <IconX size={18} aria-hidden />
        </IconAction>
      )}
      {offered.update && (
        <IconAction label="Modifier" ariaLabel={`Modifier ${of}`} onClick={() => onEdit(depense)}>
          <IconPencil size={18} aria-hidden />
        </IconAction>
      )}
      {offered.delete && (
        <IconAction
          label="Supprimer"
          ariaLabel={`Supprimer ${of}`}
          color="red"
          onClick={() => onAction('delete', depense)}
        >
          <IconTrash size={18} aria-hidden />
        </IconAction>
      )}
    </Group>
  );
}
