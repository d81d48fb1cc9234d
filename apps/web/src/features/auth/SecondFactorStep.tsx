import { deuxFacteursVerificationBodySchema } from '@app/shared';
import { Alert, Anchor, Button, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/index.ts';
import { startSession, verifySecondFactor } from '../../data/auth.ts';
import { loginErrorMessage } from './auth-messages.ts';

/**
 * The sign-in's second step for an account with two factors (decision 0028): the code of the
 * authenticator app, or a recovery code. A pending sign-in past its minutes goes back to the
 * password, with the server's message.
 */
export function SecondFactorStep({ jeton, onBack }: { jeton: string; onBack: (message?: string) => void }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  // The step replaces the password form: the focus goes to its one field.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (value: string) => verifySecondFactor(jeton, value),
    onSuccess: (data) => startSession(data, queryClient),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'SESSION_EXPIRED') onBack(error.message);
    },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = deuxFacteursVerificationBodySchema.shape.code.safeParse(code);
        if (!parsed.success) {
          setFieldError(parsed.error.issues[0]?.message ?? 'Veuillez saisir le code');
          return;
        }
        setFieldError(null);
        mutation.mutate(parsed.data);
      }}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Vérification en deux étapes
          </Title>
          <Text c="dimmed" size="sm">
            Saisissez le code à 6 chiffres affiché par votre application d’authentification. Sans votre téléphone,
            saisissez un de vos codes de secours.
          </Text>
        </Stack>
        {mutation.isError && !(mutation.error instanceof ApiError && mutation.error.code === 'SESSION_EXPIRED') && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {loginErrorMessage(mutation.error)}
          </Alert>
        )}
        <TextInput
          label="Code de vérification"
          placeholder="123456"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          ref={field}
          leftSection={<IconShieldLock size={16} aria-hidden />}
          aria-required
          value={code}
          error={fieldError}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button
          type="submit"
          fullWidth
          size="md"
          disabled={mutation.isPending}
          aria-busy={mutation.isPending}
          leftSection={mutation.isPending ? <Loader size={16} color="gray" aria-hidden /> : undefined}
        >
          {mutation.isPending ? 'Vérification...' : 'Vérifier'}
        </Button>
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" onClick={() => onBack()}>
            Retour à la connexion
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
