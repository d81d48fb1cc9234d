import {
  couverture,
  formatDate,
  formatFCFA,
  type PublicProduit,
  SITUATION_LABELS,
  type SituationMatrimoniale,
  splitNomComplet,
  totalToPay,
} from '@app/shared';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/index.ts';
import { publicProduitsQuery, useSubmitPublicDemande } from '../../data/demandes.ts';
import { publicSettingsQuery } from '../../data/settings.ts';
import { checkOnBlur } from '../../ui/check-on-blur.ts';
import { DetailField } from '../../ui/DetailField.tsx';
import { DemandeContactFields, DemandeFinanceFields, DemandeIdentityFields } from './DemandeFields.tsx';
import {
  DEMANDE_FIELD_LABELS,
  type DemandeFormValues,
  demandeErrors,
  emptyDemandeValues,
  missingFieldsMessage,
} from './demande-form.ts';
import {
  firstStepWithError,
  REGISTRATION_STEPS,
  registrationBody,
  STEP_COUNT,
  stepErrors,
} from './registration-form.ts';

const SUBMIT_FAILURE = 'Erreur lors de l’envoi de la demande';

const produitLabel = (p: PublicProduit) =>
  `${p.titre} — ${p.site_nom}${p.site_ville ? ` (${p.site_ville})` : ''} — ${formatFCFA(p.prix_vente)}`;

/** A calendar date ('1988-04-12') in French, whatever the browser's time zone. */
function ReviewSection({ title, onEdit, children }: { title: string; onEdit: () => void; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconPencil size={12} aria-hidden />}
          aria-label={`Modifier : ${title}`}
          onClick={onEdit}
        >
          Modifier
        </Button>
      </Group>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing={6} m={0}>
        {children}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * 'Nouvelle Demande d'Inscription' (spec 1 §2.4; decisions §5): the demande's fields (the staff
 * form's too) in four steps (personal information, contact and address, finance, review), each
 * checked with the shared schema's messages before 'Suivant', which says what is still missing;
 * a real submission to POST /demandes/public with a honeypot field. A 400 puts the server's
 * messages on their fields and goes back to the first step holding one.
 */
export function RegistrationRequestModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [step, setStep] = useState(0);
  const [focusTarget, setFocusTarget] = useState<{ kind: 'heading' | 'invalid'; at: number } | null>(null);
  const [submitted, setSubmitted] = useState<{ message: string; email: string; produit: string } | null>(null);
  // The honeypot, off the form: no person sees or fills it.
  const [siteWeb, setSiteWeb] = useState('');
  const body = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const successHeading = useRef<HTMLHeadingElement>(null);
  const hintId = useId();

  const produits = useQuery({ ...publicProduitsQuery(), enabled: opened });
  const settings = useQuery({ ...publicSettingsQuery(), enabled: opened && !!submitted });

  const form = useForm<DemandeFormValues>({
    mode: 'controlled',
    initialValues: emptyDemandeValues(),
    validate: (values) => demandeErrors(values),
    enhanceGetInputProps: checkOnBlur(),
  });

  const mutation = useSubmitPublicDemande({
    onSuccess: (message) => {
      const values = form.getValues();
      const produit = produits.data?.find((p) => String(p.id) === values.produit_id);
      setSubmitted({ message, email: values.email.trim(), produit: produit?.titre ?? '' });
    },
    onError: (error) => {
      const fields = error instanceof ApiError && error.errors ? error.errors : {};
      const back = firstStepWithError(Object.keys(fields));
      if (back === null) return;
      form.setErrors(fields);
      goTo(back, 'invalid');
    },
  });

  // Each opening starts afresh on step 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: form and mutation are stable for this purpose
  useEffect(() => {
    if (!opened) return;
    form.setValues(emptyDemandeValues());
    form.clearErrors();
    setSiteWeb('');
    setStep(0);
    setSubmitted(null);
    setFocusTarget(null);
    mutation.reset();
  }, [opened]);

  // The focus follows the steps: the new step's title, or the first field to correct.
  useEffect(() => {
    if (!focusTarget) return;
    const target =
      focusTarget.kind === 'invalid'
        ? body.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
        : heading.current;
    (target ?? heading.current)?.focus();
  }, [focusTarget]);

  // The success screen is announced: the focus moves to its title.
  useEffect(() => {
    if (submitted) successHeading.current?.focus();
  }, [submitted]);

  function goTo(next: number, focus: 'heading' | 'invalid' = 'heading') {
    setStep(next);
    setFocusTarget({ kind: focus, at: Date.now() });
  }

  const values = form.values;
  const currentErrors = stepErrors(values, step);
  const stepValid = Object.keys(currentErrors).length === 0;
  const missing = missingFieldsMessage(values, REGISTRATION_STEPS[step]?.fields ?? []);
  const last = step === STEP_COUNT - 1;
  const total = totalToPay(values.engagement_mensuel, values.duree_paiement);
  const produitList = produits.data ?? [];
  const chosen = produitList.find((p) => String(p.id) === values.produit_id);
  const manque = couverture(chosen?.prix_vente, values.engagement_mensuel, values.duree_paiement)?.manque ?? 0;
  const percent = Math.round(((step + 1) / STEP_COUNT) * 100);
  const pending = mutation.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!stepValid) {
      // Enter in a field of an incomplete step: the step's messages, and the focus on the first one.
      form.setErrors({ ...form.errors, ...currentErrors });
      setFocusTarget({ kind: 'invalid', at: Date.now() });
      return;
    }
    if (!last) {
      goTo(step + 1);
      return;
    }
    const all = demandeErrors(values);
    const back = firstStepWithError(Object.keys(all));
    if (back !== null) {
      form.setErrors(all);
      goTo(back, 'invalid');
      return;
    }
    mutation.reset();
    mutation.mutate(registrationBody(values, siteWeb));
  };

  const close = () => {
    if (!pending) onClose();
  };

  const generalError =
    mutation.isError &&
    !(mutation.error instanceof ApiError && firstStepWithError(Object.keys(mutation.error.errors ?? {})) !== null)
      ? mutation.error.message || SUBMIT_FAILURE
      : null;
  const fieldsRefused = mutation.isError && !generalError;
  const general = settings.data?.general;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Nouvelle Demande d’Inscription"
      size="lg"
      fullScreen={phone}
      centered
      closeOnEscape={!pending}
      closeOnClickOutside={!pending}
      withCloseButton={!pending}
    >
      {submitted ? (
        <Stack align="center" gap="sm" py="md" role="status">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <Title order={2} size="h3" ta="center" tabIndex={-1} ref={successHeading}>
            {submitted.message}
          </Title>
          <Text ta="center">
            Votre demande{submitted.produit ? ` pour « ${submitted.produit} »` : ''} a bien été enregistrée.
          </Text>
          <Text ta="center" c="dimmed" size="sm">
            Notre équipe va l’étudier et vous contactera par e-mail à l’adresse <strong>{submitted.email}</strong>. Si
            elle est acceptée, vous recevrez vos identifiants de connexion à cette adresse.
          </Text>
          {general && (general.phone || general.email) && (
            <Text ta="center" size="sm">
              Une question ? Contactez-nous
              {general.phone && (
                <>
                  {' '}
                  au <Anchor href={`tel:${general.phone.replace(/\s+/g, '')}`}>{general.phone}</Anchor>
                </>
              )}
              {general.phone && general.email && ' ou'}
              {general.email && (
                <>
                  {' '}
                  à <Anchor href={`mailto:${general.email}`}>{general.email}</Anchor>
                </>
              )}
              .
            </Text>
          )}
          <Button mt="sm" onClick={onClose}>
            Fermer
          </Button>
        </Stack>
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack gap="md" ref={body}>
            <Stack gap={6}>
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={500}>
                  Étape {step + 1} sur {STEP_COUNT}
                </Text>
                <Text size="sm" c="dimmed">
                  {percent} %
                </Text>
              </Group>
              <Progress value={percent} size="sm" aria-label={`Progression : ${percent} %`} />
              <Title order={2} size="h4" ref={heading} tabIndex={-1}>
                {REGISTRATION_STEPS[step]?.title}
              </Title>
            </Stack>

            {(generalError || fieldsRefused) && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                {generalError ?? (mutation.error?.message || 'Corrigez les champs signalés.')}
              </Alert>
            )}

            <fieldset disabled={pending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              {step === 0 && <DemandeIdentityFields form={form} ownDetails />}

              {step === 1 && <DemandeContactFields form={form} ownDetails />}

              {step === 2 && (
                <Stack gap="md">
                  {produits.isError && (
                    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                      <Stack gap="xs" align="flex-start">
                        <Text size="sm">
                          Les produits disponibles n’ont pas pu être chargés : {produits.error.message}
                        </Text>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => void produits.refetch()}
                          loading={produits.isFetching}
                        >
                          Réessayer
                        </Button>
                      </Stack>
                    </Alert>
                  )}
                  <DemandeFinanceFields
                    form={form}
                    prix={chosen?.prix_vente}
                    produit={
                      <Select
                        label={DEMANDE_FIELD_LABELS.produit_id}
                        withAsterisk
                        searchable
                        placeholder={
                          produits.isPending
                            ? 'Chargement des produits...'
                            : produitList.length === 0
                              ? 'Aucun produit disponible pour le moment'
                              : 'Choisir un produit'
                        }
                        nothingFoundMessage="Aucun produit trouvé"
                        data={produitList.map((p) => ({ value: String(p.id), label: produitLabel(p) }))}
                        rightSection={produits.isFetching ? <Loader size={16} aria-hidden /> : undefined}
                        description={
                          chosen
                            ? `${chosen.site_nom}${chosen.site_ville ? `, ${chosen.site_ville}` : ''} · Prix : ${formatFCFA(chosen.prix_vente)}`
                            : undefined
                        }
                        {...form.getInputProps('produit_id')}
                      />
                    }
                  />
                </Stack>
              )}

              {step === 3 && (
                <Stack gap="md">
                  <ReviewSection title="Informations personnelles" onEdit={() => goTo(0)}>
                    <DetailField label="Nom">{splitNomComplet(values.nom_complet).nom}</DetailField>
                    <DetailField label="Prénoms">{splitNomComplet(values.nom_complet).prenom}</DetailField>
                    <DetailField label="Numéro CNI">{values.num_cni.trim()}</DetailField>
                    <DetailField label="Date de naissance">{formatDate(values.date_naissance)}</DetailField>
                    <DetailField label="Situation matrimoniale">
                      {values.situation_matrimoniale
                        ? SITUATION_LABELS[values.situation_matrimoniale as SituationMatrimoniale]
                        : ''}
                    </DetailField>
                    <DetailField label="Profession">{values.profession.trim()}</DetailField>
                  </ReviewSection>
                  <Divider />
                  <ReviewSection title="Contact et adresse" onEdit={() => goTo(1)}>
                    <DetailField label="E-mail">{values.email.trim()}</DetailField>
                    <DetailField label="Téléphone">{values.telephone.trim()}</DetailField>
                    <DetailField label="Adresse">{values.adresse.trim()}</DetailField>
                    <DetailField label="Ville">{values.ville}</DetailField>
                    <DetailField label="Pays">{values.pays}</DetailField>
                  </ReviewSection>
                  <Divider />
                  <ReviewSection title="Informations financières" onEdit={() => goTo(2)}>
                    <DetailField label="Produit">{chosen ? chosen.titre : ''}</DetailField>
                    <DetailField label="Site">
                      {chosen ? `${chosen.site_nom}${chosen.site_ville ? `, ${chosen.site_ville}` : ''}` : ''}
                    </DetailField>
                    <DetailField label="Prix du produit">{chosen ? formatFCFA(chosen.prix_vente) : ''}</DetailField>
                    <DetailField label="Engagement mensuel">{formatFCFA(values.engagement_mensuel)}</DetailField>
                    <DetailField label="Durée de paiement">{`${values.duree_paiement ?? ''} mois`}</DetailField>
                    <DetailField label="Total des mensualités">{formatFCFA(total)}</DetailField>
                    {manque > 0 && <DetailField label="Reste à couvrir">{formatFCFA(manque)}</DetailField>}
                  </ReviewSection>
                  <Divider />
                  <Textarea
                    label="Notes (facultatif)"
                    placeholder="Précisions utiles à votre demande"
                    rows={3}
                    resize="vertical"
                    maxLength={2000}
                    {...form.getInputProps('notes')}
                  />
                </Stack>
              )}

              {/* Honeypot: hidden from people and assistive technologies; a robot fills it. */}
              <div
                aria-hidden="true"
                style={{ position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' }}
              >
                <label>
                  Site web
                  <input
                    type="text"
                    name="site_web"
                    tabIndex={-1}
                    autoComplete="off"
                    value={siteWeb}
                    onChange={(event) => setSiteWeb(event.currentTarget.value)}
                  />
                </label>
              </div>
            </fieldset>

            {missing && (
              <Text size="xs" c="dimmed" id={hintId}>
                {missing}
              </Text>
            )}

            <Group justify="space-between" gap="xs">
              <Button variant="default" disabled={step === 0 || pending} onClick={() => goTo(step - 1)}>
                Précédent
              </Button>
              <Group gap="xs">
                <Button variant="subtle" color="gray" onClick={close} disabled={pending}>
                  Annuler
                </Button>
                {/* Looks disabled while the step is incomplete yet stays reachable: it says what is missing, and
                    pressing it shows the fields' messages with the focus on the first one. */}
                <Button
                  type="submit"
                  data-disabled={!stepValid || undefined}
                  aria-disabled={!stepValid || undefined}
                  loading={pending}
                  aria-describedby={missing ? hintId : undefined}
                >
                  {last ? 'Soumettre la demande' : 'Suivant'}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
