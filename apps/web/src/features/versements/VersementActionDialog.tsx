import { formatFCFA, type Versement } from '@app/shared';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useVersementAction } from '../../data/versements.ts';
import { type Decision, DecisionDialog } from '../../ui/DecisionDialog.tsx';
import { showToast } from '../../ui/toasts/toast-store.ts';
import type { RowAction } from './VersementRowActions.tsx';
import { membreName } from './versement-format.ts';

const what = (v: Versement) => (
  <>
    le versement de <strong>{formatFCFA(v.montant)}</strong> (reçu n°{'\u00a0'}
    {v.numero_recu}) de <strong>{membreName(v)}</strong>
  </>
);

const ACTIONS: Record<RowAction, (v: Versement) => Decision> = {
  validate: (v) => ({
    variant: 'info',
    title: 'Valider le versement',
    confirm: 'Valider',
    failure: 'Erreur lors de la validation du versement',
    icon: <IconCheck size={16} aria-hidden />,
    message: (
      <>
        Valider {what(v)}
        {'\u202f'}? Le compte {v.banque.nom} sera crédité et le montant ajouté au total payé du membre.
      </>
    ),
  }),
  reject: (v) => ({
    variant: 'warning',
    title: 'Rejeter le versement',
    confirm: 'Rejeter',
    failure: 'Erreur lors du rejet du versement',
    icon: <IconX size={16} aria-hidden />,
    note: {
      label: 'Motif du rejet (facultatif)',
      description: 'Expliquez au membre ce qui ne va pas (reçu illisible, montant différent…).',
    },
    message: (
      <>
        Rejeter {what(v)}
        {'\u202f'}? Le membre verra le motif indiqué.
      </>
    ),
  }),
  delete: (v) => ({
    variant: 'danger',
    title: 'Supprimer le versement',
    confirm: 'Supprimer',
    failure: 'Erreur lors de la suppression du versement',
    message:
      v.statut === 'valide' ? (
        <>
          Supprimer {what(v)}
          {'\u202f'}? Ce versement est validé{'\u00a0'}: le compte {v.banque.nom} sera débité du même montant et le
          total payé du membre diminué.
        </>
      ) : (
        <>
          Supprimer {what(v)}
          {'\u202f'}? Il disparaîtra de la liste.
        </>
      ),
  }),
};

export interface VersementActionDialogProps {
  /** The action asked and its payment; null: closed. */
  target: { action: RowAction; versement: Versement } | null;
  onClose: () => void;
}

/** The confirmation of a validation, a rejection (with its optional reason) or a deletion of a payment. */
export function VersementActionDialog({ target, onClose }: VersementActionDialogProps) {
  const mutation = useVersementAction();
  return (
    <DecisionDialog
      target={target}
      decision={({ action, versement }) => ACTIONS[action](versement)}
      mutation={mutation}
      onClose={onClose}
      onConfirm={({ action, versement }, motif) =>
        mutation.mutate(action === 'reject' ? { action, versement, motif: motif || null } : { action, versement }, {
          onSuccess: ({ message }) => {
            showToast('success', message);
            onClose();
          },
        })
      }
    />
  );
}
