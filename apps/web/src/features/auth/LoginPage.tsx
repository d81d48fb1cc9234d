import { type LoginBody, loginBodySchema } from '@app/shared';
import { Alert, Anchor, Box, Button, Center, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconAt, IconLockOpen } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { publicSettingsQuery } from '../../api/index.ts';
import { Logo } from '../../ui/Logo.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { login, unlockAccount } from './auth.api.ts';
import { loginErrorMessage } from './auth-messages.ts';
import { ForgotPasswordDialog } from './ForgotPasswordDialog.tsx';
import { RegistrationRequestModal } from './RegistrationRequestModal.tsx';
import { startSession } from './session-actions.ts';

/** The sign-in screen (spec 1 §2.2). */
export function LoginPage() {
  const queryClient = useQueryClient();
  const settings = useQuery(publicSettingsQuery());
  const [forgotOpen, setForgotOpen] = useState(false);
  const [registerOpen, setRegisterOpen] = useState(false);
  const companyName = settings.data?.general.companyName ?? 'Autopromotion Immobilière';

  const form = useForm<LoginBody>({
    mode: 'uncontrolled',
    initialValues: { identifier: '', password: '' },
    validate: schemaResolver(loginBodySchema, { sync: true }),
  });

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (data) => startSession(data, queryClient),
  });

  // The lock notice's link (…/#deverrouillage=…) lands here: spend it once, out of the address bar.
  const unlock = useMutation({ mutationFn: unlockAccount });
  const unlockSent = useRef(false);
  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('deverrouillage');
    if (!token || unlockSent.current) return;
    unlockSent.current = true;
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    unlock.mutate(token);
  }, [unlock.mutate]);

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
                mutation.mutate(values);
              })}
            >
              <Stack gap="md">
                {unlock.isSuccess && (
                  <Alert color="green" variant="light" icon={<IconLockOpen size={18} aria-hidden />} role="status">
                    {unlock.data}
                  </Alert>
                )}
                {unlock.isError && (
                  <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                    {loginErrorMessage(unlock.error)}
                  </Alert>
                )}
                {mutation.isError && (
                  <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                    {loginErrorMessage(mutation.error)}
                  </Alert>
                )}
                <TextInput
                  type="email"
                  label="Adresse email"
                  placeholder="vous@exemple.com"
                  autoComplete="username"
                  leftSection={<IconAt size={16} aria-hidden />}
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
                  <Anchor component="button" type="button" size="sm" onClick={() => setForgotOpen(true)}>
                    Mot de passe oublié ?
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
                <Text size="sm" ta="center">
                  <Anchor component="button" type="button" onClick={() => setRegisterOpen(true)}>
                    Pas encore de compte ? Inscrivez-vous
                  </Anchor>
                </Text>
              </Stack>
            </form>
          </Paper>
        </Stack>
      </Center>
      <Text component="footer" size="xs" c="dimmed" ta="center" mt="xl">
        © {new Date().getFullYear()} {companyName} — Société d'Autopromotion Immobilière. Tous droits réservés.
      </Text>
      <ForgotPasswordDialog opened={forgotOpen} onClose={() => setForgotOpen(false)} />
      <RegistrationRequestModal opened={registerOpen} onClose={() => setRegisterOpen(false)} />
    </Box>
  );
}
