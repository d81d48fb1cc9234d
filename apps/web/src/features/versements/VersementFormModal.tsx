import { formatFCFA, fullName, localIsoDate, type Membre, TYPE_VERSEMENT_LABELS, TYPES_VERSEMENT } from '@app/shared';
import { Alert, Fieldset, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { banquesChoixQuery } from '../../data/banques.ts';
import { mesClientsQuery, ownMembreQuery } from '../../data/membres.ts';
import { produitsListQuery } from '../../data/produits.ts';
import { activeSitesQuery } from '../../data/sites.ts';
import { useCreateVersement } from '../../data/versements.ts';
import { checkOnBlur } from '../../ui/check-on-blur.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { MoneyInput } from '../../ui/MoneyInput.tsx';
import { SiteSelect } from '../../ui/SiteSelect.tsx';
import { SEGMENTED_HIT_AREA } from '../../ui/segmented-styles.ts';
import { ScanField } from './ScanField.tsx';
import {
  type Declarant,
  emptyVersementValues,
  FORM_TITLES,
  VERSEMENT_FIELD_LABELS as LABELS,
  newIdempotencyKey,
  scanError,
  submissionFingerprint,
  type VersementFormValues,
  versementBody,
  versementErrors,
} from './versement-form.ts';

/** Every client of a gestionnaire for the member choice (spec 3 §7, §9: limit 1000), by name. */
const CLIENTS = {
  page: 1,
  limit: 1000,
  search: '',
  statut: null,
  type_membre: null,
  en_retard: null,
  sortBy: 'nom',
  sortOrder: 'asc',
} as const;

/** A member's own file, to preselect his product. */
function useOwnMembre(enabled: boolean) {
  return useQuery({ ...ownMembreQuery(), enabled }).data ?? null;
}

/** The products of a site, whatever their availability (a member's own is reserved), by title. */
function useSiteProduits(siteId: string | null, enabled: boolean) {
  const query = useQuery({
    ...produitsListQuery({
      page: 1,
      limit: 1000,
      search: '',
      type: null,
      disponibilite: null,
      site_id: siteId ? Number(siteId) : null,
    }),
    enabled: enabled && siteId !== null,
  });
  // Another site's products are not this one's, even while the new ones load.
  const items = query.isPlaceholderData ? [] : (query.data?.items ?? []);
  return { items: [...items].sort((a, b) => a.titre.localeCompare(b.titre, 'fr')), query };
}

export interface VersementFormModalProps {
  opened: boolean;
  onClose: () => void;
  declarant: Declarant;
}

/**
 * 'Déclarer un versement' (a member, for himself) or 'Nouveau versement pour un client' (a
 * gestionnaire) (spec 3 §2.1, §5): the client (gestionnaire), the site then its product (the
 * member's own preselected), amount, type, bank, receipt number and date, the payment date
 * (gestionnaire), a comment and the receipt's scan. A double click or a retry records once.
 */
export function VersementFormModal({ opened, onClose, declarant }: VersementFormModalProps) {
  const save = useCreateVersement();
  const form = useForm<VersementFormValues>({
    mode: 'controlled',
    initialValues: emptyVersementValues(),
    validate: (values) => versementErrors(values, declarant),
    enhanceGetInputProps: checkOnBlur(['montant']),
  });
  const [scan, setScan] = useState<File | null>(null);
  const [scanServerError, setScanServerError] = useState<string | null>(null);
  const idempotency = useRef<{ key: string; fingerprint: string } | null>(null);
  const typeLabelId = useId();
  const gestionnaire = declarant === 'gestionnaire';

  const sites = useQuery({ ...activeSitesQuery(), enabled: opened });
  const banques = useQuery({ ...banquesChoixQuery(), enabled: opened });
  const clients = useQuery({ ...mesClientsQuery(CLIENTS), enabled: opened && gestionnaire });
  const own = useOwnMembre(opened && !gestionnaire);
  const produits = useSiteProduits(form.values.site_id, opened);

  const clientList = clients.data?.items ?? [];
  const client = gestionnaire ? (clientList.find((m) => String(m.id) === form.values.membre_id) ?? null) : own;
  const memberProduit = client?.produit ?? null;

  /** The member's product and its site, chosen for him (he may still change them, the server checks). */
  const preselect = (membre: Membre | null) => {
    form.setFieldValue('site_id', membre?.produit ? String(membre.produit.site.id) : null);
    form.setFieldValue('produit_id', membre?.produit ? String(membre.produit.id) : null);
    form.clearFieldError('site_id');
    form.clearFieldError('produit_id');
  };

  // A member's own product, once his file is known, if he has not chosen yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the file's arrival preselects
  useEffect(() => {
    if (opened && own && form.getValues().site_id === null) preselect(own);
  }, [own?.id, opened]);

  const reset = () => {
    const values = emptyVersementValues();
    if (own?.produit) {
      values.site_id = String(own.produit.site.id);
      values.produit_id = String(own.produit.id);
    }
    form.setValues(values);
    form.clearErrors();
    setScan(null);
    setScanServerError(null);
    idempotency.current = null;
  };

  const showFieldErrors = (errors: Record<string, string>) => {
    const { scan_recu, ...fields } = errors;
    form.setErrors(fields);
    if (scan_recu) setScanServerError(scan_recu);
  };

  const submit = () => {
    if (form.validate().hasErrors || scanError(scan)) return undefined;
    const body = versementBody(form.getValues(), declarant);
    // One key per declaration: the same content sent again (a double click, a lost answer) records once.
    const fingerprint = submissionFingerprint(body, scan);
    if (idempotency.current?.fingerprint !== fingerprint) {
      idempotency.current = { key: newIdempotencyKey(), fingerprint };
    }
    setScanServerError(null);
    return save.mutateAsync({ body, scan, idempotencyKey: idempotency.current.key }).then(({ message }) => message);
  };

  // The member's product may be missing from the list (inactive): it stays a choice.
  const produitChoices = produits.items.map((p) => ({
    value: String(p.id),
    label: `${p.titre} — ${formatFCFA(p.prix_vente)}`,
  }));
  if (
    memberProduit &&
    String(memberProduit.site.id) === form.values.site_id &&
    !produitChoices.some((c) => c.value === String(memberProduit.id))
  ) {
    produitChoices.unshift({
      value: String(memberProduit.id),
      label: `${memberProduit.nom} — ${formatFCFA(memberProduit.prix)}`,
    });
  }
  const currentSite = memberProduit
    ? { id: memberProduit.site.id, nom_site: memberProduit.site.nom, ville_site: memberProduit.site.ville }
    : undefined;
  const produitPlaceholder = !form.values.site_id
    ? 'Choisissez d’abord un site'
    : produits.query.isPending
      ? 'Chargement des produits...'
      : produitChoices.length === 0
        ? 'Aucun produit sur ce site'
        : 'Choisir un produit';
  const today = localIsoDate();

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      onOpen={reset}
      title={FORM_TITLES[declarant]}
      size="lg"
      save={save}
      failure="Erreur lors de la création du versement"
      onSubmit={submit}
      onFieldErrors={showFieldErrors}
      submitLabel={gestionnaire ? 'Enregistrer le versement' : 'Déclarer le versement'}
    >
      {gestionnaire ? (
        <Select
          label={LABELS.membre_id}
          withAsterisk
          searchable
          openOnFocus={false}
          placeholder={clients.isPending ? 'Chargement de vos clients...' : 'Choisir un client'}
          nothingFoundMessage="Aucun client trouvé"
          data={clientList.map((m) => ({
            value: String(m.id),
            label: `${fullName(m)} (${m.code_esv})${m.produit ? '' : ' – sans produit'}`,
            disabled: !m.produit,
          }))}
          {...form.getInputProps('membre_id')}
          onChange={(value) => {
            form.setFieldValue('membre_id', value);
            form.clearFieldError('membre_id');
            preselect(clientList.find((m) => String(m.id) === value) ?? null);
          }}
          error={
            form.errors.membre_id ??
            (clients.isError ? `Clients indisponibles\u00a0: ${clients.error.message}` : undefined)
          }
        />
      ) : (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="note">
          Votre versement sera vérifié puis validé par un comptable ou votre gestionnaire. Joignez le scan du reçu pour
          accélérer la validation.
        </Alert>
      )}

      <Fieldset legend="Produit" radius="md">
        <Stack gap="md">
          <SiteSelect
            // The dialog opens on this field: its list opens on a click or a key, not on the focus
            // (an open list would take the first Escape from the dialog).
            openOnFocus={false}
            sites={sites}
            current={currentSite}
            value={form.values.site_id}
            onChange={(value) => {
              // A new site: its own products only, the product is chosen again.
              form.setFieldValue('site_id', value);
              form.setFieldValue('produit_id', null);
              form.clearFieldError('site_id');
            }}
            error={form.errors.site_id}
          />
          <Select
            label={LABELS.produit_id}
            withAsterisk
            searchable
            openOnFocus={false}
            disabled={!form.values.site_id}
            placeholder={produitPlaceholder}
            nothingFoundMessage="Aucun produit trouvé"
            data={produitChoices}
            {...form.getInputProps('produit_id')}
            error={
              form.errors.produit_id ??
              (produits.query.isError ? `Produits indisponibles\u00a0: ${produits.query.error.message}` : undefined)
            }
          />
          {memberProduit && String(memberProduit.id) === form.values.produit_id && (
            <Text size="xs" c="dimmed">
              {gestionnaire ? 'Le produit de ce client' : 'Votre produit'}, choisi d’après{' '}
              {gestionnaire ? 'sa' : 'votre'} fiche membre.
            </Text>
          )}
        </Stack>
      </Fieldset>

      <Fieldset legend="Versement" radius="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MoneyInput label={LABELS.montant} withAsterisk {...form.getInputProps('montant')} />
            <Select
              label={LABELS.banque_id}
              withAsterisk
              placeholder={banques.isPending ? 'Chargement des banques...' : 'Choisir une banque'}
              data={(banques.data ?? []).map((b) => ({
                value: String(b.id),
                label: b.est_principale ? `${b.nom} (principale)` : b.nom,
              }))}
              {...form.getInputProps('banque_id')}
              error={
                form.errors.banque_id ??
                (banques.isError ? `Banques indisponibles\u00a0: ${banques.error.message}` : undefined)
              }
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={typeLabelId}>
              {LABELS.type_versement}
            </Text>
            <SegmentedControl
              styles={SEGMENTED_HIT_AREA}
              aria-labelledby={typeLabelId}
              fullWidth
              data={TYPES_VERSEMENT.map((value) => ({ value, label: TYPE_VERSEMENT_LABELS[value] }))}
              value={form.values.type_versement}
              onChange={(value) => form.setFieldValue('type_versement', value as VersementFormValues['type_versement'])}
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={LABELS.numero_recu}
              withAsterisk
              maxLength={50}
              autoComplete="off"
              placeholder="RV-2026-00123"
              {...form.getInputProps('numero_recu')}
            />
            <TextInput
              label={LABELS.date_recu}
              type="date"
              max={today}
              withAsterisk
              {...form.getInputProps('date_recu')}
            />
            {gestionnaire && (
              <TextInput
                label={LABELS.date_versement}
                type="date"
                max={today}
                withAsterisk
                {...form.getInputProps('date_versement')}
              />
            )}
          </SimpleGrid>
          <Textarea
            label={LABELS.commentaire}
            rows={2}
            resize="vertical"
            maxLength={1000}
            {...form.getInputProps('commentaire')}
          />
        </Stack>
      </Fieldset>

      <ScanField
        file={scan}
        onChange={(file) => {
          setScan(file);
          setScanServerError(null);
        }}
        error={scanError(scan) ?? scanServerError}
      />
    </FormModal>
  );
}
