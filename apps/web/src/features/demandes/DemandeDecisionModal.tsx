import {
  applicantName,
  DEMANDE_MESSAGES,
  type Demande,
  formatFCFA,
  fullName,
  MOTIF_AUTRE,
  MOTIFS_REJET,
  type Solde,
} from '@app/shared';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  Stack,
  Stepper,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck, IconUserOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, useCurrentProfile } from '../../api/index.ts';
import { type DemandeResult, demandeDetailQuery, useDecideDemande } from '../../data/demandes.ts';
import { gestionnairesActifsQuery } from '../../data/personnel.ts';
import { EmptyPanel } from '../../ui/EmptyPanel.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { useSuccessClose } from '../../ui/use-success-close.ts';
import { months, produitTitre } from './demande-format.ts';
import { ContratSchedule, demandeContrat, SoldeChoice } from './ValidationContrat.tsx';

/** The success screen closes the wizard after 2 seconds (spec 1 §9). */
export const DECISION_SUCCESS_CLOSE_MS = 2_000;

export type DecisionAction = 'validate' | 'reject';

export interface Decision {
  demande: Demande;
  action: DecisionAction;
}

type Phase = 'selection' | 'confirmation' | 'processing' | 'success';

const ACTIVE_STEP: Record<Phase, number> = { selection: 0, confirmation: 1, processing: 2, success: 3 };

const TEXTS = {
  validate: {
    title: 'Valider la demande',
    confirm: 'Confirmer la validation',
    failure: 'La validation a échoué',
    processing: 'Validation en cours...',
  },
  reject: {
    title: 'Rejeter la demande',
    confirm: 'Confirmer le rejet',
    failure: 'Le rejet a échoué',
    processing: 'Rejet en cours...',
  },
} as const;

function DemandeSummary({ demande }: { demande: Demande }) {
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {applicantName(demande.nom_complet)}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {produitTitre(demande)} · {formatFCFA(demande.engagement_mensuel)} par mois pendant{' '}
        {months(demande.duree_paiement)}
      </Text>
    </Paper>
  );
}

/**
 * The validate/reject wizard (spec 1 §2.5): Sélection (an active gestionnaire, or a reason and
 * comments), Confirmation ('Retour' goes back), processing (the modal cannot be closed), Terminé;
 * 2 seconds after success the modal closes. Server refusals are shown in
 * the wizard with the server's French message. A validation sets the terms against the product's
 * price (issue 23): terms short of it need the validator's choice of how the remainder is paid, and
 * the confirmation shows the schedule the member will owe.
 */
export function DemandeDecisionModal({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const profile = useCurrentProfile();
  // A gestionnaire who validates is proposed as the one to follow the member (he may choose another).
  const proposed = profile?.role === 'gestionnaire' ? String(profile.id) : null;
  const [shown, setShown] = useState(decision);
  const [phase, setPhase] = useState<Phase>('selection');
  const [gestionnaireId, setGestionnaireId] = useState<string | null>(proposed);
  const [solde, setSolde] = useState<Solde | null>(null);
  const [soldeError, setSoldeError] = useState<string | null>(null);
  // The server found the terms short (the price changed meanwhile): the choice is asked, on fresh figures.
  const [soldeAsked, setSoldeAsked] = useState(false);
  const [motif, setMotif] = useState<string | null>(null);
  const [commentaires, setCommentaires] = useState('');
  const [selectionError, setSelectionError] = useState<string | null>(null);
  const [commentError, setCommentError] = useState<string | null>(null);
  const [result, setResult] = useState<DemandeResult | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const { showSuccess, reset: resetSuccess } = useSuccessClose(onClose, DECISION_SUCCESS_CLOSE_MS);

  // The lists reload after any answer: a refusal often means the list on screen is out of date.
  const mutation = useDecideDemande();
  const decide = ({ demande, action }: Decision) => {
    setPhase('processing');
    mutation.mutate(
      action === 'validate'
        ? { action, demande, gerePar: Number(gestionnaireId), ...(needsSolde && solde && { solde }) }
        : { action, demande, motif: motif ?? '', commentaires: commentaires.trim() || null },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setPhase('success');
          showSuccess(answer.message);
        },
        onError: (error) => {
          const refused = error instanceof ApiError ? error.errors?.solde : undefined;
          if (!refused) {
            setPhase('confirmation');
            return;
          }
          setSoldeAsked(true);
          setSoldeError(refused);
          setPhase('selection');
        },
      },
    );
  };

  // Each opening starts afresh on the selection step.
  if (decision && decision !== shown) {
    setShown(decision);
    setPhase('selection');
    setGestionnaireId(proposed);
    setSolde(null);
    setSoldeError(null);
    setSoldeAsked(false);
    setMotif(null);
    setCommentaires('');
    setSelectionError(null);
    setCommentError(null);
    setResult(null);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new opening resets the mutation and a pending close
  useEffect(() => {
    if (!decision) return;
    mutation.reset();
    resetSuccess();
  }, [decision]);

  // The focus follows the wizard: each step's heading is announced.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a step change only
  useEffect(() => {
    if (decision && phase !== 'selection') heading.current?.focus();
  }, [phase]);

  const action = shown?.action ?? 'validate';
  const fresh = useQuery({ ...demandeDetailQuery(shown?.demande.id ?? 0), enabled: soldeAsked });
  const demande = (soldeAsked && fresh.data) || shown?.demande || null;
  // The server's rule: terms that make no contract without a choice need one.
  const needsSolde = !!demande && (soldeAsked || demandeContrat(demande, null) === null);
  const contrat = demande && demandeContrat(demande, solde);
  const texts = TEXTS[action];
  const gestionnaires = useQuery({
    ...gestionnairesActifsQuery(),
    enabled: decision !== null && action === 'validate',
  });
  const chosen = gestionnaires.data?.find((g) => String(g.id) === gestionnaireId) ?? null;
  const processing = phase === 'processing';

  const next = () => {
    if (action === 'validate') {
      if (!chosen) setSelectionError(DEMANDE_MESSAGES.gestionnaireRequired);
      if (needsSolde && !solde) setSoldeError(DEMANDE_MESSAGES.soldeRequired);
      if (!chosen || (needsSolde && !solde)) return;
    } else {
      if (!motif) {
        setSelectionError(DEMANDE_MESSAGES.motifWizard);
        return;
      }
      if (motif === MOTIF_AUTRE && !commentaires.trim()) {
        setCommentError(DEMANDE_MESSAGES.autreNeedsComment);
        return;
      }
    }
    mutation.reset();
    setPhase('confirmation');
  };

  const close = () => {
    if (processing) return;
    // A closing during the success screen cancels the pending one.
    if (phase === 'success') resetSuccess();
    onClose();
  };

  const noGestionnaire = action === 'validate' && gestionnaires.isSuccess && gestionnaires.data.length === 0;

  return (
    <Modal
      opened={decision !== null}
      onClose={close}
      title={texts.title}
      size="lg"
      fullScreen={phone}
      centered
      withCloseButton={!processing}
      closeOnEscape={!processing}
      closeOnClickOutside={!processing}
    >
      {demande && (
        <Stack gap="md">
          <Stepper active={ACTIVE_STEP[phase]} size="sm" allowNextStepsSelect={false} aria-label="Étapes du traitement">
            <Stepper.Step label="Sélection" />
            <Stepper.Step label="Confirmation" />
            <Stepper.Step label="Terminé" loading={processing} />
          </Stepper>

          <DemandeSummary demande={demande} />

          {phase === 'selection' && (
            <Stack gap="md">
              <Title order={3} size="h5" ref={heading} tabIndex={-1}>
                {action === 'validate' ? 'Choisissez le gestionnaire responsable' : 'Motif du rejet'}
              </Title>
              {action === 'validate' ? (
                gestionnaires.isPending ? (
                  <Group gap="xs" role="status">
                    <Loader size="sm" aria-hidden />
                    <Text size="sm" c="dimmed">
                      Chargement des gestionnaires...
                    </Text>
                  </Group>
                ) : gestionnaires.isError ? (
                  <ErrorPanel
                    title="Erreur lors du chargement des gestionnaires"
                    message={gestionnaires.error.message}
                    onRetry={() => void gestionnaires.refetch()}
                    retrying={gestionnaires.isFetching}
                  />
                ) : noGestionnaire ? (
                  <EmptyPanel
                    icon={<IconUserOff size={28} />}
                    title={DEMANDE_MESSAGES.noActiveGestionnaire}
                    description="Activez un compte gestionnaire avant de valider cette demande."
                    color="orange"
                  />
                ) : (
                  <Radio.Group
                    label="Gestionnaire"
                    description="Le gestionnaire suivra le nouveau membre."
                    value={gestionnaireId}
                    onChange={(value) => {
                      setGestionnaireId(value);
                      setSelectionError(null);
                    }}
                    error={selectionError}
                    withAsterisk
                  >
                    <Stack gap="xs" mt="xs">
                      {gestionnaires.data.map((g) => (
                        <Paper key={g.id} withBorder radius="md" p="sm">
                          <Radio
                            value={String(g.id)}
                            label={fullName(g)}
                            description={`${g.poste} · ${g.departement}`}
                          />
                        </Paper>
                      ))}
                    </Stack>
                  </Radio.Group>
                )
              ) : (
                <>
                  <Radio.Group
                    label="Motif"
                    value={motif}
                    onChange={(value) => {
                      setMotif(value);
                      setSelectionError(null);
                      setCommentError(null);
                    }}
                    error={selectionError}
                    withAsterisk
                  >
                    <Stack gap="xs" mt="xs">
                      {MOTIFS_REJET.map((m) => (
                        <Radio key={m} value={m} label={m} />
                      ))}
                    </Stack>
                  </Radio.Group>
                  <Textarea
                    label="Commentaires"
                    description={
                      motif === MOTIF_AUTRE
                        ? 'Obligatoire pour « Autre » : précisez le motif.'
                        : 'Facultatif : ils sont transmis au demandeur.'
                    }
                    withAsterisk={motif === MOTIF_AUTRE}
                    rows={3}
                    resize="vertical"
                    maxLength={2000}
                    value={commentaires}
                    onChange={(event) => {
                      setCommentaires(event.currentTarget.value);
                      setCommentError(null);
                    }}
                    error={commentError}
                  />
                </>
              )}
              {action === 'validate' && (
                <SoldeChoice
                  demande={demande}
                  choose={needsSolde}
                  value={solde}
                  onChange={(value) => {
                    setSolde(value);
                    setSoldeError(null);
                  }}
                  error={soldeError}
                />
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Annuler
                </Button>
                <Button onClick={next} disabled={action === 'validate' && (!gestionnaires.isSuccess || noGestionnaire)}>
                  Suivant
                </Button>
              </Group>
            </Stack>
          )}

          {(phase === 'confirmation' || phase === 'processing') && (
            <Stack gap="md">
              <Title order={3} size="h5" ref={heading} tabIndex={-1}>
                Confirmation
              </Title>
              {action === 'validate' ? (
                <>
                  <Text size="sm">
                    Vous allez valider la demande de <strong>{applicantName(demande.nom_complet)}</strong>. Gestionnaire
                    responsable : <strong>{chosen ? fullName(chosen) : ''}</strong>
                    {chosen ? ` (${chosen.poste}, ${chosen.departement})` : ''}.
                  </Text>
                  {contrat && <ContratSchedule contrat={contrat} />}
                  <Text size="sm" c="dimmed">
                    Un membre sera créé avec son code, un compte lui sera ouvert avec un mot de passe temporaire envoyé
                    par e-mail, et le produit sera réservé.
                  </Text>
                </>
              ) : (
                <>
                  <Text size="sm">
                    Vous allez rejeter la demande de <strong>{applicantName(demande.nom_complet)}</strong>.
                  </Text>
                  <Text size="sm">
                    Motif : <strong>{motif}</strong>
                  </Text>
                  {commentaires.trim() && (
                    <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                      Commentaires : {commentaires.trim()}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed">
                    Le demandeur sera informé du rejet par e-mail.
                  </Text>
                </>
              )}
              {mutation.isError && (
                <Alert
                  color="red"
                  variant="light"
                  title={texts.failure}
                  icon={<IconAlertCircle size={18} aria-hidden />}
                  role="alert"
                >
                  {mutation.error.message}
                </Alert>
              )}
              {processing && (
                <Group gap="xs" role="status">
                  <Loader size="sm" aria-hidden />
                  <Text size="sm">{texts.processing}</Text>
                </Group>
              )}
              <Group justify="space-between">
                <Button
                  variant="default"
                  disabled={processing}
                  onClick={() => {
                    mutation.reset();
                    setPhase('selection');
                  }}
                >
                  Retour
                </Button>
                <Button
                  color={action === 'validate' ? 'green' : 'red'}
                  loading={processing}
                  onClick={() => shown && decide(shown)}
                >
                  {texts.confirm}
                </Button>
              </Group>
            </Stack>
          )}

          {phase === 'success' && result && (
            <Stack align="center" gap="sm" py="md" role="status">
              <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
                <IconCircleCheck size={32} />
              </ThemeIcon>
              <Title order={3} size="h4" ref={heading} tabIndex={-1}>
                {result.message}
              </Title>
              {action === 'validate' && result.demande.membre && (
                <Text>
                  Membre créé : <strong>{result.demande.membre.code_esv}</strong>
                </Text>
              )}
              <Text size="sm" c="dimmed" ta="center">
                {action === 'validate'
                  ? 'Le demandeur recevra ses identifiants par e-mail.'
                  : 'Le demandeur sera informé par e-mail.'}
              </Text>
              <Button variant="default" onClick={close}>
                Fermer
              </Button>
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}
