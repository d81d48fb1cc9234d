import {
  CHANTIER_MESSAGES,
  CHANTIER_STATUTS_CREATION,
  type Chantier,
  type ChantierStatut,
  fullName,
  PAYS_CHANTIER,
} from '@app/shared';
import { Fieldset, NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type ChantierResult, useSaveChantier } from '../../data/chantiers.ts';
import { gestionnairesActifsQuery } from '../../data/personnel.ts';
import { produitsListQuery } from '../../data/produits.ts';
import { activeSitesQuery } from '../../data/sites.ts';
import { DraftNotice } from '../../ui/DraftNotice.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { MoneyInput } from '../../ui/MoneyInput.tsx';
import { SiteSelect } from '../../ui/SiteSelect.tsx';
import { useDraft } from '../../ui/use-draft.ts';
import {
  type ChantierFormValues,
  chantierCreateBody,
  chantierError,
  chantierUpdateBody,
  chantierValues,
  emptyChantierValues,
  CHANTIER_FIELD_LABELS as LABELS,
} from './chantier-form.ts';
import { STATUT_OPTIONS, statutChoices } from './chantier-format.ts';

const CREATION_STATUTS = STATUT_OPTIONS.filter((o) =>
  (CHANTIER_STATUTS_CREATION as readonly string[]).includes(o.value),
);
const PAYS_OPTIONS = PAYS_CHANTIER.map((value) => ({ value, label: value }));

export interface ChantierFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The chantier to edit; null: a new one. */
  chantier: Chantier | null;
}

/** A new chantier's success screen closes after 1.5 s (spec 2 §2, §9). */
export const CHANTIER_CREATED_CLOSE_MS = 1_500;
const CREATED_SCREEN = { closeAfterMs: CHANTIER_CREATED_CLOSE_MS, title: 'Chantier créé\u202f!' };

/**
 * 'Créer un nouveau chantier de construction' (spec 2 §2, §5) or 'Modifier le chantier': the
 * sections Informations générales, Localisation, Planning, Budget and Associations (optionnel).
 * The checks run in the spec's order and one message shows at a time, cleared by any change; an
 * edit offers the current status and the changes allowed from it.
 */
export function ChantierFormModal({ opened, onClose, chantier }: ChantierFormModalProps) {
  const save = useSaveChantier();
  const editing = chantier !== null;
  const form = useForm<ChantierFormValues>({
    mode: 'controlled',
    initialValues: emptyChantierValues(),
    // Changing any field clears the message shown (spec 2 §5).
    onValuesChange: () => {
      form.clearErrors();
      save.reset();
    },
  });
  const draft = useDraft('chantier', form, { enabled: !editing });
  // Bumped when an error appears: the focus (and the scroll) goes to the field to correct.
  const [invalidAt, setInvalidAt] = useState(0);
  const fields = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (invalidAt) fields.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidAt]);

  const siteId = form.values.site_id;
  const gestionnaires = useQuery({ ...gestionnairesActifsQuery(), enabled: opened });
  const sites = useQuery({ ...activeSitesQuery(), enabled: opened });
  const produits = useQuery({
    ...produitsListQuery({
      page: 1,
      limit: 1000,
      search: '',
      type: null,
      disponibilite: null,
      site_id: Number(siteId),
    }),
    enabled: opened && siteId !== null,
  });

  const reset = () => {
    form.setValues(chantier ? chantierValues(chantier) : emptyChantierValues());
    form.clearErrors();
    draft.look();
  };

  const showErrors = (errors: Record<string, string>) => {
    form.setErrors(errors);
    setInvalidAt(Date.now());
  };

  const submit = (): Promise<string> | undefined => {
    const values = form.getValues();
    const failure = chantierError(values, editing);
    if (failure) {
      showErrors({ [failure.field]: failure.message });
      return undefined;
    }
    const saved: Promise<ChantierResult> = chantier
      ? save.mutateAsync({ id: chantier.id, body: chantierUpdateBody(values) })
      : save.mutateAsync({ body: chantierCreateBody(values) });
    return saved.then(({ chantier: result, message }) => {
      draft.clear();
      return editing ? message : `Le chantier ${result.nom_chantier} a été créé avec succès.`;
    });
  };

  // The chantier's own choices stay offered when the lists no longer have them (an inactive site…).
  const responsables = (gestionnaires.data ?? []).map((g) => ({ value: String(g.id), label: fullName(g) }));
  if (chantier?.responsable && !responsables.some((r) => r.value === String(chantier.responsable?.id))) {
    responsables.unshift({ value: String(chantier.responsable.id), label: fullName(chantier.responsable) });
  }
  const produitChoices = (produits.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.titre }));
  if (
    chantier?.produit &&
    String(chantier.site_id) === siteId &&
    !produitChoices.some((p) => p.value === String(chantier.produit?.id))
  ) {
    produitChoices.unshift({ value: String(chantier.produit.id), label: chantier.produit.titre });
  }
  const currentSite = chantier?.site
    ? { id: chantier.site.id, nom_site: chantier.site.nom_site, ville_site: chantier.site.ville_site }
    : undefined;
  const statuts = chantier ? statutChoices(chantier.statut) : CREATION_STATUTS;

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      onOpen={reset}
      title={editing ? 'Modifier le chantier' : 'Créer un nouveau chantier de construction'}
      size="xl"
      save={save}
      failure={editing ? CHANTIER_MESSAGES.updateError : CHANTIER_MESSAGES.createError}
      onSubmit={submit}
      onFieldErrors={showErrors}
      successScreen={editing ? undefined : CREATED_SCREEN}
      submitLabel={
        editing
          ? save.isPending
            ? 'Enregistrement...'
            : 'Enregistrer les modifications'
          : save.isPending
            ? 'Création...'
            : 'Créer le chantier'
      }
    >
      <DraftNotice draft={draft} />
      <div ref={fields} style={{ display: 'contents' }}>
        <Fieldset legend="Informations générales" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={LABELS.nom_chantier}
              withAsterisk
              maxLength={200}
              placeholder="Résidence Les Palmiers — Lot 3"
              {...form.getInputProps('nom_chantier')}
            />
            <Select
              label={LABELS.statut}
              withAsterisk
              openOnFocus={false}
              allowDeselect={false}
              data={statuts}
              description={editing ? 'Le statut actuel et les changements permis' : undefined}
              {...form.getInputProps('statut')}
              onChange={(value) => value && form.setFieldValue('statut', value as ChantierStatut)}
            />
          </SimpleGrid>
          <Textarea
            label={LABELS.description}
            withAsterisk
            mt="md"
            rows={3}
            resize="vertical"
            maxLength={5000}
            placeholder="Ce qui est construit, les étapes prévues"
            {...form.getInputProps('description')}
          />
        </Fieldset>

        <Fieldset legend="Localisation" radius="md">
          <TextInput label={LABELS.adresse} withAsterisk maxLength={300} {...form.getInputProps('adresse')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
            <TextInput label={LABELS.ville} withAsterisk maxLength={100} {...form.getInputProps('ville')} />
            <Select
              label={LABELS.pays}
              openOnFocus={false}
              allowDeselect={false}
              data={PAYS_OPTIONS}
              {...form.getInputProps('pays')}
              onChange={(value) => value && form.setFieldValue('pays', value)}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Planning" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={LABELS.date_debut} type="date" withAsterisk {...form.getInputProps('date_debut')} />
            <TextInput
              label={LABELS.date_fin_prevue}
              type="date"
              withAsterisk
              min={form.values.date_debut || undefined}
              {...form.getInputProps('date_fin_prevue')}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Budget" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <MoneyInput label={LABELS.budget_prevu} withAsterisk step={1000} {...form.getInputProps('budget_prevu')} />
            <MoneyInput label={LABELS.budget_utilise} step={1000} {...form.getInputProps('budget_utilise')} />
            <NumberInput
              label={editing ? LABELS.pourcentage_avancement : 'Avancement initial (%)'}
              description={editing ? 'Vide : calculé selon le statut et les dates' : undefined}
              min={0}
              max={100}
              clampBehavior="strict"
              allowDecimal={false}
              allowNegative={false}
              suffix={'\u00a0%'}
              {...form.getInputProps('pourcentage_avancement')}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Associations (optionnel)" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={LABELS.responsable_id}
              clearable
              searchable
              openOnFocus={false}
              placeholder={gestionnaires.isPending ? 'Chargement...' : 'Aucun responsable'}
              nothingFoundMessage="Aucun gestionnaire trouvé"
              data={responsables}
              {...form.getInputProps('responsable_id')}
              error={
                form.errors.responsable_id ??
                (gestionnaires.isError
                  ? `Gestionnaires indisponibles\u00a0: ${gestionnaires.error.message}`
                  : undefined)
              }
            />
            <SiteSelect
              sites={sites}
              current={currentSite}
              withAsterisk={false}
              clearable
              openOnFocus={false}
              value={siteId}
              onChange={(value) => {
                // Another site: its own products only, the product is chosen again.
                form.setValues({ site_id: value, produit_id: null });
              }}
              error={form.errors.site_id}
            />
            <Select
              label={LABELS.produit_id}
              clearable
              searchable
              openOnFocus={false}
              disabled={siteId === null}
              placeholder={siteId === null ? 'D’abord le site' : 'Aucun produit'}
              nothingFoundMessage="Aucun produit sur ce site"
              data={produitChoices}
              {...form.getInputProps('produit_id')}
              error={
                form.errors.produit_id ??
                (produits.isError ? `Produits indisponibles\u00a0: ${produits.error.message}` : undefined)
              }
            />
          </SimpleGrid>
          <TextInput
            mt="sm"
            type="url"
            label={LABELS.video_url}
            description="Un lien (YouTube, Vimeo…) que les membres du site pourront ouvrir"
            placeholder="https://"
            maxLength={500}
            {...form.getInputProps('video_url')}
          />
        </Fieldset>
      </div>
    </FormModal>
  );
}
