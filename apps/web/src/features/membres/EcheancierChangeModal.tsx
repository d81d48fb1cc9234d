import {
  type Echeancier,
  echeancierDebutSchema,
  formatDate,
  formatFCFA,
  plural,
  reechelonnementSchema,
  reschedule,
} from '@app/shared';
import { Alert, NumberInput, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useChangeDebut, useReschedule } from '../../data/echeanciers.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { MoneyInput } from '../../ui/MoneyInput.tsx';

export type EcheancierChange = 'debut' | 'reechelonnement';

interface Values {
  premiere_echeance: string;
  mode: 'duree' | 'montant';
  duree: number | string;
  montant: number | string;
  motif: string;
}

const empty = (): Values => ({ premiere_echeance: '', mode: 'duree', duree: '', montant: '', motif: '' });

/** The body the chosen mode sends: a new duration or a new monthly amount, never both. */
function reschedulingBody(v: Values) {
  const term =
    v.mode === 'duree'
      ? { duree: v.duree === '' ? undefined : v.duree }
      : { montant: v.montant === '' ? undefined : v.montant };
  return { premiere_echeance: v.premiere_echeance, motif: v.motif, ...term };
}

/** Field messages of a failed parse, by field. */
function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  return Object.fromEntries(issues.map((i) => [String(i.path[0] ?? 'premiere_echeance'), i.message]));
}

/**
 * An admin's change of a member's schedule (issue 15): move the first due date (before any
 * validated payment), or spread what remains anew from a date, over a duration or at a monthly
 * amount, with the reason kept in the history. The new instalments are previewed with the same
 * rule the server applies.
 */
export function EcheancierChangeModal({
  echeancier,
  change,
  onClose,
}: {
  echeancier: Echeancier;
  change: EcheancierChange | null;
  onClose: () => void;
}) {
  const debut = useChangeDebut();
  const rescheduling = useReschedule();
  const save = change === 'debut' ? debut : rescheduling;
  const form = useForm<Values>({ mode: 'controlled', initialValues: empty() });
  const values = form.getValues();

  const preview = (() => {
    if (change !== 'reechelonnement') return null;
    const parsed = reechelonnementSchema.safeParse(reschedulingBody(values));
    if (!parsed.success) return null;
    const next = reschedule(echeancier.echeances, echeancier.paye, {
      premiere: parsed.data.premiere_echeance,
      duree: parsed.data.duree,
      montant: parsed.data.montant,
    });
    const spread = next.slice(echeancier.payees);
    const first = spread[0];
    const last = spread.at(-1);
    if (!first || !last) return null;
    return `${plural(spread.length, 'échéance')} de ${formatFCFA(first.montant)}${
      last.montant !== first.montant ? ` (la dernière de ${formatFCFA(last.montant)})` : ''
    }, du ${formatDate(first.date)} au ${formatDate(last.date)}.`;
  })();

  const submit = () => {
    const v = form.getValues();
    if (change === 'debut') {
      const parsed = echeancierDebutSchema.safeParse({ premiere_echeance: v.premiere_echeance });
      if (!parsed.success) return void form.setErrors(fieldErrors(parsed.error.issues));
      return debut.mutateAsync({ id: echeancier.membre_id, body: parsed.data }).then(({ message }) => message ?? '');
    }
    const parsed = reechelonnementSchema.safeParse(reschedulingBody(v));
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues);
      // The "one of the two" message belongs under the field the mode shows.
      if (errors.duree && v.mode === 'montant') errors.montant = errors.duree;
      return void form.setErrors(errors);
    }
    return rescheduling
      .mutateAsync({ id: echeancier.membre_id, body: parsed.data })
      .then(({ message }) => message ?? '');
  };

  return (
    <FormModal
      opened={change !== null}
      onClose={onClose}
      onOpen={() => form.setValues(empty())}
      title={change === 'debut' ? 'Modifier la date de début' : 'Réaménager l’échéancier'}
      size="md"
      save={save}
      failure={change === 'debut' ? 'Erreur lors du changement de date' : 'Erreur lors du réaménagement'}
      onSubmit={submit}
      onFieldErrors={form.setErrors}
      submitLabel={change === 'debut' ? 'Enregistrer la date' : 'Réaménager'}
    >
      {change === 'debut' ? (
        <Text size="sm">
          Aucun versement n’est encore validé&nbsp;: toutes les échéances suivent la nouvelle date, mois après mois,
          sans changer de montant.
        </Text>
      ) : (
        <Text size="sm">
          Les échéances payées restent telles quelles. Ce qui reste ({formatFCFA(echeancier.reste)}) est réparti à
          nouveau&nbsp;; le total ne change pas et l’ancien échéancier reste dans l’historique.
        </Text>
      )}
      <TextInput
        type="date"
        label={change === 'debut' ? 'Première échéance' : 'Première nouvelle échéance'}
        withAsterisk
        {...form.getInputProps('premiere_echeance')}
      />
      {change === 'reechelonnement' && (
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Réaménager selon"
            data={[
              { value: 'duree', label: 'Nouvelle durée' },
              { value: 'montant', label: 'Nouveau montant mensuel' },
            ]}
            {...form.getInputProps('mode')}
          />
          {values.mode === 'duree' ? (
            <NumberInput
              label="Durée (mois)"
              withAsterisk
              min={1}
              max={600}
              allowDecimal={false}
              {...form.getInputProps('duree')}
            />
          ) : (
            <MoneyInput label="Montant mensuel (FCFA)" withAsterisk {...form.getInputProps('montant')} />
          )}
          <Textarea label="Motif" withAsterisk minRows={2} maxLength={500} {...form.getInputProps('motif')} />
          {preview && (
            <Alert color="blue" variant="light" title="Nouvel échéancier">
              {preview}
            </Alert>
          )}
        </Stack>
      )}
    </FormModal>
  );
}
