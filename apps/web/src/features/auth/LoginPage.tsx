import { type LoginBody, loginBodySchema, MESSAGES } from '@app/shared';
import { Alert, Anchor, Box, Button, Center, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconLockOpen, IconMailCheck, IconUser } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState, useTransition } from 'react';
import { ApiError } from '../../api/index.ts';
import { login, resendVerification, startSession, unlockAccount, verifyEmail } from '../../data/auth.ts';
import { publicSettingsQuery } from '../../data/settings.ts';
import { Logo } from '../../ui/Logo.tsx';
import { withAllStyles } from '../../ui/mantine-styles.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { loginErrorMessage } from './auth-messages.ts';
import { SecondFactorStep } from './SecondFactorStep.tsx';

// Each dialog is its own chunk, fetched at its first opening: the login page downloads neither.
const loadForgotPassword = () => withAllStyles(import('./ForgotPasswordDialog.tsx'));
const loadRegistration = () => withAllStyles(import('../demandes/RegistrationRequestModal.tsx'));
const loadRegister = () => withAllStyles(import('./RegisterDialog.tsx'));
const ForgotPasswordDialog = lazy(() => loadForgotPassword().then((m) => ({ default: m.ForgotPasswordDialog })));
const RegistrationRequestModal = lazy(() => loadRegistration().then((m) => ({ default: m.RegistrationRequestModal })));
const RegisterDialog = lazy(() => loadRegister().then((m) => ({ default: m.RegisterDialog })));

/**
 * A dialog from a lazy chunk: downloaded at its first opening (`pending` meanwhile, the page as it
 * is), then mounted and kept for its closing transition. A failed download is a toast, and the next
 * click tries again.
 */
function useLazyDialog(load: () => Promise<unknown>) {
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [pending, startTransition] = useTransition();
  const open = () =>
    startTransition(async () => {
      try {
        await load();
      } catch {
        showToast('network', MESSAGES.networkToast);
        return;
      }
      startTransition(() => {
        setMounted(true);
        setOpened(true);
      });
    });
  return { opened, mounted, pending, open, close: () => setOpened(false) };
}

/** The link's loader while its dialog's chunk downloads. */
function PendingMark({ pending }: { pending: boolean }) {
  return pending ? <Loader size={12} ml={6} display="inline-block" aria-hidden /> : null;
}

/** What a link or a request sent from this screen answered: the server's message, or why it failed. */
function Outcome({
  answer,
  icon,
}: {
  answer: { isSuccess: boolean; isError: boolean; data: string | undefined; error: unknown };
  icon: ReactNode;
}) {
  if (answer.isSuccess) {
    return (
      <Alert color="green" variant="light" icon={icon} role="status">
        {answer.data}
      </Alert>
    );
  }
  if (!answer.isError) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
      {loginErrorMessage(answer.error)}
    </Alert>
  );
}

/** The sign-in screen (spec 1 §2.2). */
export function LoginPage() {
  const queryClient = useQueryClient();
  const settings = useQuery(publicSettingsQuery());
  const forgot = useLazyDialog(loadForgotPassword);
  const register = useLazyDialog(loadRegistration);
  const account = useLazyDialog(loadRegister);
  const companyName = settings.data?.general.companyName ?? 'Autopromotion Immobilière';

  const form = useForm<LoginBody>({
    mode: 'uncontrolled',
    initialValues: { identifier: '', password: '' },
    validate: schemaResolver(loginBodySchema, { sync: true }),
  });

  // An account with two factors: the password step answers the code step's token.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [challengeEnded, setChallengeEnded] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (data) => {
      if ('deux_facteurs_requis' in data) setChallenge(data.jeton_2fa);
      else startSession(data, queryClient);
    },
  });

  // The lock notice's link (…/#deverrouillage=…) and the registration's (…/#verification-email=…)
  // land here: each is spent once, out of the address bar.
  const unlock = useMutation({ mutationFn: unlockAccount });
  const verification = useMutation({ mutationFn: verifyEmail });
  const linkSpent = useRef(false);
  useEffect(() => {
    const hash = new URLSearchParams(window.location.hash.slice(1));
    const unlockToken = hash.get('deverrouillage');
    const verificationToken = hash.get('verification-email');
    if ((!unlockToken && !verificationToken) || linkSpent.current) return;
    linkSpent.current = true;
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    if (unlockToken) unlock.mutate(unlockToken);
    else if (verificationToken) verification.mutate(verificationToken);
  }, [unlock.mutate, verification.mutate]);
  // An account whose e-mail waits for its verification may ask for a new link, for the address typed.
  const unverified = mutation.error instanceof ApiError && mutation.error.code === 'EMAIL_NON_VERIFIE';
  const resend = useMutation({ mutationFn: resendVerification });

  return (
    <Box
      component="main"
      mih="100dvh"
      px="md"
      py="xl"
      style={{
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(160deg, var(--mantine-color-cyan-0) 0%, var(--mantine-color-gray-0) 55%)',
      }}
    >
      <Center style={{ flex: 1 }}>
        <Stack w="100%" maw={420} gap="lg">
          <Group justify="center" gap="sm">
            <Logo size={44} />
            <Text fw={700} size="lg">
              {companyName}
            </Text>
          </Group>
          <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            {challenge ? (
              <SecondFactorStep
                jeton={challenge}
                onBack={(message) => {
                  setChallenge(null);
                  setChallengeEnded(message ?? null);
                  mutation.reset();
                  form.setFieldValue('password', '');
                }}
              />
            ) : (
              <>
                <Stack gap={4} mb="lg">
                  <Title order={1} size="h2">
                    Connexion
                  </Title>
                  <Text c="dimmed" size="sm">
                    Accédez à votre espace professionnel de gestion immobilière.
                  </Text>
                </Stack>
                <form
                  noValidate
                  onSubmit={form.onSubmit((values) => {
                    mutation.reset();
                    resend.reset();
                    setChallengeEnded(null);
                    mutation.mutate(values);
                  })}
                >
                  <Stack gap="md">
                    <Outcome answer={unlock} icon={<IconLockOpen size={18} aria-hidden />} />
                    <Outcome answer={verification} icon={<IconMailCheck size={18} aria-hidden />} />
                    {challengeEnded && (
                      <Alert
                        color="orange"
                        variant="light"
                        icon={<IconAlertCircle size={18} aria-hidden />}
                        role="alert"
                      >
                        {challengeEnded}
                      </Alert>
                    )}
                    {mutation.isError && (
                      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                        <Stack gap="xs" align="flex-start">
                          {loginErrorMessage(mutation.error)}
                          {unverified && !resend.isSuccess && (
                            <Button
                              size="xs"
                              variant="white"
                              color="red"
                              loading={resend.isPending}
                              onClick={() => resend.mutate(form.getValues().identifier.trim())}
                            >
                              Renvoyer le lien
                            </Button>
                          )}
                        </Stack>
                      </Alert>
                    )}
                    {unverified && <Outcome answer={resend} icon={<IconMailCheck size={18} aria-hidden />} />}
                    {/* One field for every account (decisions §3): an e-mail, an employee code or a member code. */}
                    <TextInput
                      label="E-mail ou code"
                      description="Ou votre code employé (CHES-…) ou membre (ESV-…)"
                      placeholder="vous@exemple.com"
                      autoComplete="username"
                      autoCapitalize="none"
                      spellCheck={false}
                      leftSection={<IconUser size={16} aria-hidden />}
                      aria-required
                      key={form.key('identifier')}
                      {...form.getInputProps('identifier')}
                    />
                    <PasswordField
                      label="Mot de passe"
                      placeholder="Votre mot de passe"
                      autoComplete="current-password"
                      aria-required
                      key={form.key('password')}
                      {...form.getInputProps('password')}
                    />
                    <Group justify="flex-end">
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={forgot.open}
                        aria-busy={forgot.pending}
                      >
                        Mot de passe oublié ?
                        <PendingMark pending={forgot.pending} />
                      </Anchor>
                    </Group>
                    <Button
                      type="submit"
                      fullWidth
                      size="md"
                      disabled={mutation.isPending}
                      aria-busy={mutation.isPending}
                      leftSection={mutation.isPending ? <Loader size={16} color="gray" aria-hidden /> : undefined}
                    >
                      {mutation.isPending ? 'Connexion en cours...' : 'Se connecter'}
                    </Button>
                    <Stack gap={4} align="center">
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={register.open}
                        aria-busy={register.pending}
                      >
                        Pas encore de compte ? Inscrivez-vous
                        <PendingMark pending={register.pending} />
                      </Anchor>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={account.open}
                        aria-busy={account.pending}
                      >
                        Créer un compte pour suivre vos demandes
                        <PendingMark pending={account.pending} />
                      </Anchor>
                    </Stack>
                  </Stack>
                </form>
              </>
            )}
          </Paper>
        </Stack>
      </Center>
      <Text component="footer" size="xs" c="dimmed" ta="center" mt="xl">
        © {new Date().getFullYear()} {companyName} — Société d’Autopromotion Immobilière. Tous droits réservés.
      </Text>
      {/* Always there, so that an opening waits in its transition instead of showing a fallback. */}
      <Suspense fallback={null}>
        {forgot.mounted && <ForgotPasswordDialog opened={forgot.opened} onClose={forgot.close} />}
        {register.mounted && <RegistrationRequestModal opened={register.opened} onClose={register.close} />}
        {account.mounted && <RegisterDialog opened={account.opened} onClose={account.close} />}
      </Suspense>
    </Box>
  );
}
