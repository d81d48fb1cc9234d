import { type Demande, formatFCFA, type Produit } from '@app/shared';
import { Alert, Fieldset, Select, SimpleGrid, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useCreateDemande, useUpdateDemande } from '../../data/demandes.ts';
import { availableProduitsQuery } from '../../data/produits.ts';
import { activeSitesQuery } from '../../data/sites.ts';
import { checkOnBlur } from '../../ui/check-on-blur.ts';
import { DraftNotice } from '../../ui/DraftNotice.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { SiteSelect } from '../../ui/SiteSelect.tsx';
import { useDraft } from '../../ui/use-draft.ts';
import { DemandeContactFields, DemandeFinanceFields, DemandeIdentityFields } from './DemandeFields.tsx';
import { demandeCreateErrors, missesRequired, REQUIRED_FIELDS_MESSAGE } from './demande-create-form.ts';
import {
  DEMANDE_FIELD_LABELS,
  type DemandeFormValues,
  demandeBody,
  demandeValues,
  emptyDemandeValues,
} from './demande-form.ts';

/** A new demande's success screen closes after 2 s (spec 1 §2.6, §9). */
export const DEMANDE_CREATED_CLOSE_MS = 2_000;

export interface DemandeFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The pending demande to correct (issue 26); absent: a new one. */
  demande?: Demande | null;
  /** A demandeur files his own request (issue 26): under his account's verified address. */
  ownEmail?: string | undefined;
}

/**
 * 'Nouvelle demande' (spec 1 §2.6), or 'Modifier la demande' while it waits: the public form's
 * fields, choices and rules, in sections (personal information, contact and address, finance,
 * notes); the product is chosen among the available ones of a site. A real save; a creation ends
 * on its success screen, an edit on a toast.
 */
export function DemandeFormModal({ opened, onClose, demande = null, ownEmail }: DemandeFormModalProps) {
  const editing = demande !== null;
  const create = useCreateDemande();
  const update = useUpdateDemande();
  const save = editing ? update : create;
  // The site only narrows the product choice: it is not sent.
  const [siteId, setSiteId] = useState<string | null>(null);
  const form = useForm<DemandeFormValues>({
    mode: 'controlled',
    initialValues: emptyDemandeValues(),
    validate: (values) => demandeCreateErrors(values, siteId),
    enhanceGetInputProps: checkOnBlur(['engagement_mensuel']),
  });
  // The product is chosen again: it hangs on a site, which the form does not hold.
  const draft = useDraft('demande', form, { enabled: !editing, omit: ['produit_id'] });
  const [missing, setMissing] = useState(false);
  // Bumped when errors appear: the focus (and the scroll) goes to the first field to correct.
  const [invalidAt, setInvalidAt] = useState(0);
  const fields = useRef<HTMLDivElement>(null);

  const sites = useQuery({ ...activeSitesQuery(), enabled: opened });
  const produits = useQuery({ ...availableProduitsQuery(Number(siteId)), enabled: opened && siteId !== null });

  useEffect(() => {
    if (invalidAt) fields.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidAt]);

  // Each opening starts afresh: the demande's values (its product's site chosen), or empty fields.
  const reset = () => {
    const values = demande ? demandeValues(demande) : { ...emptyDemandeValues(), email: ownEmail ?? '' };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setSiteId(demande ? String(demande.produit.site_id) : null);
    setMissing(false);
    draft.look();
  };

  const showErrors = (errors: Record<string, string>) => {
    form.setErrors(errors);
    setInvalidAt(Date.now());
  };

  const submit = () => {
    const values = form.getValues();
    setMissing(missesRequired(values, siteId));
    if (form.validate().hasErrors) {
      setInvalidAt(Date.now());
      return undefined;
    }
    const body = demandeBody(values);
    const saved = demande ? update.mutateAsync({ id: demande.id, body }) : create.mutateAsync(body);
    return saved.then(({ message }) => {
      draft.clear();
      return message;
    });
  };

  // The demande's own product stays offered on its site, though a validation may have taken it since.
  const produitList: Pick<Produit, 'id' | 'titre' | 'prix_vente'>[] = [...(produits.data ?? [])];
  if (demande && String(demande.produit.site_id) === siteId && !produitList.some((p) => p.id === demande.produit_id)) {
    produitList.unshift({
      id: demande.produit_id,
      titre: demande.produit.titre,
      prix_vente: demande.produit.prix_vente,
    });
  }
  const chosen = produitList.find((p) => String(p.id) === form.values.produit_id);
  const produitPlaceholder = !siteId
    ? 'Choisissez d’abord un site'
    : produits.isPending
      ? 'Chargement des produits...'
      : produitList.length === 0
        ? 'Aucun produit disponible sur ce site'
        : 'Choisir un produit';

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      onOpen={reset}
      title={editing ? 'Modifier la demande' : 'Nouvelle demande'}
      size="xl"
      save={save}
      failure={editing ? 'Erreur lors de la mise à jour de la demande' : 'Erreur lors de la création de la demande'}
      onSubmit={submit}
      onFieldErrors={showErrors}
      submitLabel={editing ? 'Enregistrer les modifications' : 'Créer la demande'}
      submitDisabled={editing && !form.isDirty()}
      successScreen={editing ? undefined : { closeAfterMs: DEMANDE_CREATED_CLOSE_MS }}
    >
      <DraftNotice draft={draft} note="Le site et le produit sont à choisir à nouveau." />
      <div ref={fields} style={{ display: 'contents' }}>
        {missing && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {REQUIRED_FIELDS_MESSAGE}
          </Alert>
        )}
        <Fieldset legend="Informations personnelles" radius="md">
          <DemandeIdentityFields form={form} />
        </Fieldset>
        <Fieldset legend="Contact et adresse" radius="md">
          <DemandeContactFields form={form} ownDetails={ownEmail !== undefined} fixedEmail={ownEmail} />
        </Fieldset>
        <Fieldset legend="Informations financières" radius="md">
          <DemandeFinanceFields
            form={form}
            prix={chosen?.prix_vente}
            produit={
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <SiteSelect
                  sites={sites}
                  current={
                    demande
                      ? {
                          id: demande.produit.site_id,
                          nom_site: demande.produit.site_nom,
                          ville_site: demande.produit.site_ville,
                        }
                      : undefined
                  }
                  value={siteId}
                  onChange={(value) => {
                    // A new site: its own products only, the product is chosen again.
                    setSiteId(value);
                    form.setFieldValue('produit_id', null);
                    form.clearFieldError('site_id');
                  }}
                  error={form.errors.site_id}
                />
                <Select
                  label={DEMANDE_FIELD_LABELS.produit_id}
                  withAsterisk
                  searchable
                  disabled={!siteId}
                  placeholder={produitPlaceholder}
                  nothingFoundMessage="Aucun produit trouvé"
                  data={produitList.map((p) => ({
                    value: String(p.id),
                    label: `${p.titre} — ${formatFCFA(p.prix_vente)}`,
                  }))}
                  description={chosen ? `Prix de vente : ${formatFCFA(chosen.prix_vente)}` : undefined}
                  {...form.getInputProps('produit_id')}
                  error={
                    form.errors.produit_id ??
                    (produits.isError ? `Produits indisponibles : ${produits.error.message}` : undefined)
                  }
                />
              </SimpleGrid>
            }
          />
        </Fieldset>
        <Textarea
          label={DEMANDE_FIELD_LABELS.notes}
          rows={2}
          resize="vertical"
          maxLength={2000}
          {...form.getInputProps('notes')}
        />
      </div>
    </FormModal>
  );
}
