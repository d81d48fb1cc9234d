import { formatFCFA, localIsoDate, PAYS, SITUATION_LABELS, totalToPay } from '@app/shared';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/index.ts';
import { useSuccessClose } from '../../ui/use-success-close.ts';
import {
  type DemandeCreateValues,
  demandeCreateBody,
  demandeCreateErrors,
  emptyDemandeCreateValues,
  missesRequired,
  REQUIRED_FIELDS_MESSAGE,
  STAFF_SITUATIONS,
} from './demande-create-form.ts';
import { months } from './demande-format.ts';
import { createDemande } from './demandes.api.ts';
import { demandesKeys, produitOptionsQuery, siteOptionsQuery } from './demandes.queries.ts';

/** The success message shows 2 seconds, then the modal closes (spec 1 §9). */
export const CREATE_SUCCESS_CLOSE_MS = 2_000;
const CREATE_FAILURE = 'Erreur lors de la création de la demande';

const SITUATION_OPTIONS = STAFF_SITUATIONS.map((value) => ({ value, label: SITUATION_LABELS[value] }));
const PAYS_OPTIONS = [...PAYS];

/**
 * 'Nouvelle demande' (spec 1 §2.6): personal information, contact, address, finance (site, then
 * one of its available products; the total once amount and duration are positive) and notes.
 * Real save; 'Demande créée avec succès !' then the modal closes after 2 seconds.
 */
export function DemandeCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)');
  const { success, showSuccess, reset: resetSuccess } = useSuccessClose(onClose, CREATE_SUCCESS_CLOSE_MS);
  const [banner, setBanner] = useState<string | null>(null);
  // Bumped when errors appear: the focus (and the scroll) goes to the first field to correct.
  const [invalidAt, setInvalidAt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const form = useForm<DemandeCreateValues>({ mode: 'controlled', initialValues: emptyDemandeCreateValues() });
  const siteId = form.values.site_id ? Number(form.values.site_id) : null;
  const sites = useQuery({ ...siteOptionsQuery(), enabled: opened });
  const produits = useQuery({ ...produitOptionsQuery(siteId ?? 0), enabled: opened && siteId !== null });

  const mutation = useMutation({
    mutationFn: createDemande,
    onSuccess: async ({ message }) => {
      setBanner(null);
      showSuccess(message);
      await queryClient.invalidateQueries({ queryKey: demandesKeys.all });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errors) {
        form.setErrors(error.errors);
        setInvalidAt(Date.now());
      }
      setBanner(error.message || CREATE_FAILURE);
    },
  });

  // Each opening starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: form and mutation are stable for this purpose
  useEffect(() => {
    if (!opened) return;
    form.setValues(emptyDemandeCreateValues());
    form.clearErrors();
    setBanner(null);
    resetSuccess();
    mutation.reset();
  }, [opened]);

  useEffect(() => {
    if (invalidAt) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidAt]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const values = form.getValues();
    const errors = demandeCreateErrors(values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      setBanner(missesRequired(values) ? REQUIRED_FIELDS_MESSAGE : null);
      setInvalidAt(Date.now());
      return;
    }
    setBanner(null);
    mutation.mutate(demandeCreateBody(values));
  };

  const busy = mutation.isPending || !!success;
  const total = totalToPay(form.values.engagement_mensuel, form.values.duree_paiement);
  const siteData = (sites.data ?? []).map((s) => ({ value: String(s.id), label: `${s.nom_site} — ${s.ville_site}` }));
  const produitList = produits.data ?? [];
  const produitData = produitList.map((p) => ({
    value: String(p.id),
    label: `${p.titre} — ${formatFCFA(p.prix_vente)}`,
  }));
  const chosenProduit = produitList.find((p) => String(p.id) === form.values.produit_id);
  const produitPlaceholder = !siteId
    ? "Choisissez d'abord un site"
    : produits.isPending
      ? 'Chargement des produits...'
      : produitList.length === 0
        ? 'Aucun produit disponible sur ce site'
        : 'Choisir un produit';

  return (
    <Modal
      opened={opened}
      onClose={mutation.isPending ? () => {} : onClose}
      title="Nouvelle demande"
      size="xl"
      fullScreen={phone}
      centered
    >
      <form noValidate onSubmit={submit} ref={formRef}>
        <Stack gap="md">
          {success && (
            <Alert color="teal" variant="light" icon={<IconCheck size={18} aria-hidden />} role="status">
              {success}
            </Alert>
          )}
          {banner && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {banner}
            </Alert>
          )}
          <fieldset disabled={busy} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md">
              <Fieldset legend="Informations personnelles" radius="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="Nom complet"
                    description="Nom de famille d'abord, puis prénoms"
                    placeholder="Kouassi Jean-Marc"
                    withAsterisk
                    maxLength={200}
                    autoComplete="off"
                    {...form.getInputProps('nom_complet')}
                  />
                  <TextInput
                    label="Numéro CNI"
                    description="13 caractères"
                    withAsterisk
                    maxLength={13}
                    {...form.getInputProps('num_cni')}
                  />
                  <TextInput
                    label="Date de naissance"
                    type="date"
                    max={localIsoDate()}
                    withAsterisk
                    {...form.getInputProps('date_naissance')}
                  />
                  <Select
                    label="Situation matrimoniale"
                    data={SITUATION_OPTIONS}
                    clearable
                    {...form.getInputProps('situation_matrimoniale')}
                  />
                  <TextInput label="Profession" withAsterisk maxLength={150} {...form.getInputProps('profession')} />
                </SimpleGrid>
              </Fieldset>

              <Fieldset legend="Contact" radius="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="Email"
                    type="email"
                    inputMode="email"
                    autoComplete="off"
                    withAsterisk
                    maxLength={254}
                    {...form.getInputProps('email')}
                  />
                  <TextInput
                    label="Téléphone"
                    type="tel"
                    inputMode="tel"
                    withAsterisk
                    maxLength={30}
                    placeholder="+225 07 00 00 00 00"
                    {...form.getInputProps('telephone')}
                  />
                </SimpleGrid>
              </Fieldset>

              <Fieldset legend="Adresse" radius="md">
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <TextInput label="Adresse" withAsterisk maxLength={300} {...form.getInputProps('adresse')} />
                  <TextInput label="Ville" withAsterisk maxLength={100} {...form.getInputProps('ville')} />
                  <Select label="Pays" data={PAYS_OPTIONS} allowDeselect={false} {...form.getInputProps('pays')} />
                </SimpleGrid>
              </Fieldset>

              <Fieldset legend="Informations financières" radius="md">
                <Stack gap="md">
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <Select
                      label="Site"
                      withAsterisk
                      searchable
                      placeholder={sites.isPending ? 'Chargement des sites...' : 'Choisir un site'}
                      nothingFoundMessage="Aucun site trouvé"
                      data={siteData}
                      {...form.getInputProps('site_id')}
                      onChange={(value) => {
                        // A new site: its own products only, the product is chosen again.
                        form.setFieldValue('site_id', value);
                        form.setFieldValue('produit_id', null);
                        form.clearFieldError('site_id');
                      }}
                      error={
                        form.errors.site_id ??
                        (sites.isError ? `Sites indisponibles : ${sites.error.message}` : undefined)
                      }
                    />
                    <Select
                      label="Produit"
                      withAsterisk
                      searchable
                      disabled={!siteId}
                      placeholder={produitPlaceholder}
                      nothingFoundMessage="Aucun produit trouvé"
                      data={produitData}
                      description={
                        chosenProduit ? `Prix de vente : ${formatFCFA(chosenProduit.prix_vente)}` : undefined
                      }
                      {...form.getInputProps('produit_id')}
                      error={
                        form.errors.produit_id ??
                        (produits.isError ? `Produits indisponibles : ${produits.error.message}` : undefined)
                      }
                    />
                    <NumberInput
                      label="Engagement mensuel (FCFA)"
                      withAsterisk
                      thousandSeparator=" "
                      allowDecimal={false}
                      allowNegative={false}
                      hideControls
                      min={0}
                      {...form.getInputProps('engagement_mensuel')}
                    />
                    <NumberInput
                      label="Durée de paiement (mois)"
                      withAsterisk
                      allowDecimal={false}
                      allowNegative={false}
                      min={1}
                      max={600}
                      {...form.getInputProps('duree_paiement')}
                    />
                  </SimpleGrid>
                  {total > 0 && (
                    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" aria-live="polite">
                      <Text size="sm" fw={600}>
                        Récapitulatif financier
                      </Text>
                      <Text size="sm">
                        {formatFCFA(form.values.engagement_mensuel)} par mois ×{' '}
                        {months(Number(form.values.duree_paiement))}
                      </Text>
                      <Text size="sm" fw={700}>
                        Montant total : {formatFCFA(total)}
                      </Text>
                    </Paper>
                  )}
                </Stack>
              </Fieldset>

              <Textarea
                label="Notes (facultatif)"
                rows={2}
                resize="vertical"
                maxLength={2000}
                {...form.getInputProps('notes')}
              />
            </Stack>
          </fieldset>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              {success ? 'Fermer' : 'Annuler'}
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={!!success}>
              Créer la demande
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
