import {
  DUREE_MAX_MOIS,
  type Echeancier,
  echeancierDebutSchema,
  formatDate,
  formatFCFA,
  plural,
  RESCHEDULING_TOO_LONG,
  reechelonnementSchema,
  reschedule,
  reschedulingLength,
} from '@app/shared';
import { Alert, NumberInput, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useChangeDebut, useReschedule } from '../../data/echeanciers.ts';
import { checkOnBlur } from '../../ui/check-on-blur.ts';
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

/** Field messages of a failed parse, by field: the first of each. */
function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? 'premiere_echeance')] ??= issue.message;
  return errors;
}

/** What is wrong with the change asked, by field. */
function changeErrors(change: EcheancierChange | null, v: Values, echeancier: Echeancier): Record<string, string> {
  if (change === 'debut') {
    const parsed = echeancierDebutSchema.safeParse({ premiere_echeance: v.premiere_echeance });
    return parsed.success ? {} : fieldErrors(parsed.error.issues);
  }
  const parsed = reechelonnementSchema.safeParse(reschedulingBody(v));
  const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  // The "one of the two" message belongs under the field the mode shows.
  if (errors.duree && v.mode === 'montant') errors.montant = errors.duree;
  // The server's bound, as soon as the amount is one: too small, it would spread what remains over centuries.
  const montant = Number(v.montant);
  if (v.mode === 'montant' && !errors.montant && Number.isSafeInteger(montant) && montant > 0) {
    if (reschedulingLength(echeancier.echeances, echeancier.paye, { montant }) > DUREE_MAX_MOIS) {
      errors.montant = RESCHEDULING_TOO_LONG;
    }
  }
  return errors;
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
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: empty(),
    validate: (v) => changeErrors(change, v, echeancier),
    enhanceGetInputProps: checkOnBlur(['montant']),
  });
  const values = form.getValues();

  const preview = (() => {
    if (change !== 'reechelonnement') return null;
    const parsed = reechelonnementSchema.safeParse(reschedulingBody(values));
    if (!parsed.success) return null;
    if (reschedulingLength(echeancier.echeances, echeancier.paye, parsed.data) > DUREE_MAX_MOIS) return null;
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
    if (form.validate().hasErrors) return undefined;
    const v = form.getValues();
    if (change === 'debut') {
      const body = echeancierDebutSchema.parse({ premiere_echeance: v.premiere_echeance });
      return debut.mutateAsync({ id: echeancier.membre_id, body }).then(({ message }) => message ?? '');
    }
    const body = reechelonnementSchema.parse(reschedulingBody(v));
    return rescheduling.mutateAsync({ id: echeancier.membre_id, body }).then(({ message }) => message ?? '');
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
            fullWidth
            data={[
              { value: 'duree', label: 'Nouvelle durée' },
              { value: 'montant', label: 'Nouveau montant' },
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
