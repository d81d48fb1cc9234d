import { DEPENSE_MESSAGES, type Depense, formatFCFA } from '@app/shared';
import { IconCheck, IconTrash, IconX } from '@tabler/icons-react';
import { useDepenseAction } from '../../data/depenses.ts';
import { type Decision, DecisionDialog } from '../../ui/DecisionDialog.tsx';
import { showToast } from '../../ui/toasts/toast-store.ts';
import type { DepenseRowAction } from './DepenseRowActions.tsx';
import { createurName, shortDescription } from './depense-format.ts';

const what = (d: Depense) => (
  <>
    la dépense de <strong>{formatFCFA(d.montant)}</strong> «{'\u00a0'}
    {shortDescription(d)}
    {'\u00a0'}» déclarée par <strong>{createurName(d)}</strong>
  </>
);

const ACTIONS: Record<DepenseRowAction, (d: Depense) => Decision> = {
  approve: (d) => ({
    variant: 'info',
    title: 'Approuver la dépense',
    confirm: 'Approuver',
    failure: DEPENSE_MESSAGES.approveError,
    icon: <IconCheck size={16} aria-hidden />,
    note: { label: 'Commentaire (facultatif)', rows: 2 },
    message: (
      <>
        Approuver {what(d)}
        {'\u202f'}? Le compte {d.banque.nom} sera débité de {formatFCFA(d.montant)}.
      </>
    ),
  }),
  reject: (d) => ({
    variant: 'warning',
    title: 'Rejeter la dépense',
    confirm: 'Rejeter',
    failure: DEPENSE_MESSAGES.rejectError,
    icon: <IconX size={16} aria-hidden />,
    note: {
      label: 'Motif du rejet',
      required: true,
      description: 'Expliquez au membre pourquoi sa dépense est refusée.',
    },
    message: (
      <>
        Rejeter {what(d)}
        {'\u202f'}? Le membre verra le motif indiqué.
      </>
    ),
  }),
  delete: (d) => ({
    variant: 'danger',
    title: 'Supprimer la dépense',
    confirm: 'Supprimer',
    failure: DEPENSE_MESSAGES.deleteError,
    icon: <IconTrash size={16} aria-hidden />,
    message: (
      <>
        Supprimer {what(d)}
        {'\u202f'}? Elle disparaîtra de la liste{'\u00a0'}: cette action est irréversible.
      </>
    ),
  }),
};

export interface DepenseActionDialogProps {
  /** The action asked and its expense; null: closed. */
  target: { action: DepenseRowAction; depense: Depense } | null;
  onClose: () => void;
}

/**
 * The confirmation of an approval (with an optional comment), a rejection (its reason required:
 * 'Rejeter' stays off until one is written) or a deletion of an expense.
 */
export function DepenseActionDialog({ target, onClose }: DepenseActionDialogProps) {
  const mutation = useDepenseAction();
  return (
    <DecisionDialog
      target={target}
      decision={({ action, depense }) => ACTIONS[action](depense)}
      mutation={mutation}
      onClose={onClose}
      onConfirm={({ action, depense }, commentaire) =>
        mutation.mutate(
          action === 'delete'
            ? { action, depense }
            : action === 'reject'
              ? { action, depense, commentaire }
              : { action, depense, commentaire: commentaire || null },
          {
            onSuccess: ({ message }) => {
              showToast('success', message);
              onClose();
            },
          },
        )
      }
    />
  );
}
