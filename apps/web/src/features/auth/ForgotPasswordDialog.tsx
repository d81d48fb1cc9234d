import { passwordPolicyHint } from '@app/shared';
import { Alert, Anchor, Button, Group, Modal, Radio, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type AccountKind, requestResetCode, resetPassword } from '../../data/auth.ts';
import { publicSettingsQuery } from '../../data/settings.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { useSuccessClose } from '../../ui/use-success-close.ts';
import {
  accountKindError,
  emailError,
  forgotErrorMessage,
  previousStage,
  type ResetStage,
  type ResetValues,
  resetErrors,
  resetFailure,
} from './auth-messages.ts';

/** The success screen closes the dialog after 2 seconds (spec 1 §9). */
export const RESET_SUCCESS_CLOSE_MS = 2_000;

const STAGE_NUMBER: Record<ResetStage, number> = { type: 1, email: 2, reset: 3, success: 4 };
const EMPTY_RESET: ResetValues = { code: '', password: '', confirm: '' };

/** Forgotten password in four stages: account type, e-mail, code + new password, success (spec 1 §2.3). */
export function ForgotPasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [stage, setStage] = useState<ResetStage>('type');
  const [kind, setKind] = useState<AccountKind | null>(null);
  const [kindErr, setKindErr] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [emailErr, setEmailErr] = useState<string | null>(null);
  const [values, setValues] = useState<ResetValues>(EMPTY_RESET);
  const [fieldErrs, setFieldErrs] = useState<Partial<Record<keyof ResetValues, string>>>({});
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const settings = useQuery({ ...publicSettingsQuery(), enabled: opened });

  const sendCode = useMutation({
    mutationFn: ({ k, address }: { k: AccountKind; address: string }) => requestResetCode(k, address),
    onSuccess: (message) => {
      setSentMessage(message);
      setValues(EMPTY_RESET);
      setFieldErrs({});
      setStage('reset');
    },
  });

  const reset = useMutation({
    mutationFn: ({ k, v }: { k: AccountKind; v: ResetValues }) =>
      resetPassword(k, email.trim(), v.code.trim(), v.password),
    onSuccess: (message) => {
      setStage('success');
      showSuccess(message);
    },
    onError: (error) => setFieldErrs(resetFailure(error).fields),
  });

  const clearAll = () => {
    setStage('type');
    setKind(null);
    setKindErr(null);
    setEmail('');
    setEmailErr(null);
    setValues(EMPTY_RESET);
    setFieldErrs({});
    setSentMessage(null);
    sendCode.reset();
    reset.reset();
    cancelSuccessClose();
  };

  const close = () => {
    onClose();
    clearAll();
  };

  // The success screen closes the dialog after 2 seconds.
  const { showSuccess, reset: cancelSuccessClose } = useSuccessClose(close, RESET_SUCCESS_CLOSE_MS);

  const back = () => {
    sendCode.reset();
    reset.reset();
    setStage(previousStage(stage));
  };

  const submitType = (event: React.FormEvent) => {
    event.preventDefault();
    const error = accountKindError(kind);
    setKindErr(error);
    if (!error) setStage('email');
  };

  const submitEmail = (event: React.FormEvent) => {
    event.preventDefault();
    const kError = accountKindError(kind);
    const eError = emailError(email);
    setEmailErr(kError ?? eError);
    if (kError || eError || !kind) return;
    sendCode.mutate({ k: kind, address: email.trim() });
  };

  const policy = settings.data?.security;

  const submitReset = (event: React.FormEvent) => {
    event.preventDefault();
    const errors = resetErrors(values, policy);
    setFieldErrs(errors);
    if (Object.keys(errors).length > 0 || !kind) return;
    reset.mutate({ k: kind, v: values });
  };

  const setValue = (field: keyof ResetValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  return (
    <Modal opened={opened} onClose={close} title="Mot de passe oublié" centered size="md">
      {stage !== 'success' && (
        <Text size="xs" c="dimmed" mb="sm">
          Étape {STAGE_NUMBER[stage]} sur 3
        </Text>
      )}

      {stage === 'type' && (
        <form onSubmit={submitType} noValidate>
          <Stack gap="md">
            <Radio.Group
              label="Quel type de compte avez-vous ?"
              value={kind ?? ''}
              onChange={(value) => {
                setKind(value as AccountKind);
                setKindErr(null);
              }}
              error={kindErr}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="membre" label="Je suis un membre" />
                <Radio value="personnel" label="Je suis du personnel" />
              </Stack>
            </Radio.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Annuler
              </Button>
              <Button type="submit">Continuer</Button>
            </Group>
          </Stack>
        </form>
      )}

      {stage === 'email' && (
        <form onSubmit={submitEmail} noValidate>
          <Stack gap="md">
            <Text size="sm">
              Saisissez l’adresse e-mail de votre compte {kind === 'membre' ? 'membre' : 'personnel'}. Nous vous
              enverrons un code de réinitialisation.
            </Text>
            {sendCode.isError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                {forgotErrorMessage(sendCode.error)}
              </Alert>
            )}
            <TextInput
              type="email"
              label="Adresse e-mail"
              placeholder="vous@exemple.com"
              autoComplete="email"
              withAsterisk
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setEmailErr(null);
              }}
              error={emailErr}
              data-autofocus
            />
            <Group justify="space-between">
              <Button variant="default" onClick={back}>
                Retour
              </Button>
              <Button type="submit" loading={sendCode.isPending}>
                Envoyer le code
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      {stage === 'reset' && (
        <form onSubmit={submitReset} noValidate>
          <Stack gap="md">
            <Alert color="cyan" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="status">
              {sentMessage} Le code est valable 15 minutes.
            </Alert>
            {reset.isError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                {resetFailure(reset.error).message}
              </Alert>
            )}
            <TextInput
              label="Code de réinitialisation"
              placeholder="Code à 6 chiffres"
              inputMode="numeric"
              autoComplete="one-time-code"
              withAsterisk
              value={values.code}
              onChange={setValue('code')}
              error={fieldErrs.code}
              data-autofocus
            />
            <PasswordField
              label="Nouveau mot de passe"
              autoComplete="new-password"
              withAsterisk
              description={policy ? passwordPolicyHint(policy) : undefined}
              value={values.password}
              onChange={setValue('password')}
              error={fieldErrs.password}
            />
            <PasswordField
              label="Confirmer le mot de passe"
              autoComplete="new-password"
              withAsterisk
              value={values.confirm}
              onChange={setValue('confirm')}
              error={fieldErrs.confirm}
            />
            <Group justify="space-between">
              <Button variant="default" onClick={back}>
                Retour
              </Button>
              <Button type="submit" loading={reset.isPending}>
                Réinitialiser
              </Button>
            </Group>
            <Text size="sm" ta="center">
              <Anchor
                component="button"
                type="button"
                disabled={sendCode.isPending}
                onClick={() => kind && sendCode.mutate({ k: kind, address: email.trim() })}
              >
                Renvoyer le code
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}

      {stage === 'success' && (
        <Stack align="center" gap="sm" py="md" role="status">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <Title order={2} size="h3">
            Mot de passe réinitialisé !
          </Title>
          <Text c="dimmed" ta="center">
            Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
