import { deuxFacteursActivationBodySchema, formatRecoveryCode } from '@app/shared';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { activateTwoFactor, startTwoFactorEnrolment } from '../../data/auth.ts';

/** The recovery codes as a text file to keep: one per line, with what they are for. */
function downloadCodes(codes: string[]) {
  const text = [
    'Codes de secours – double authentification',
    'Chaque code ne sert qu’une fois, à la place du code de votre application.',
    '',
    ...codes.map(formatRecoveryCode),
    '',
  ].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'codes-de-secours.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** Step 3: the ten recovery codes, shown once; the person confirms he has kept them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [kept, setKept] = useState(false);
  const formatted = codes.map(formatRecoveryCode);
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" icon={<IconCheck size={18} aria-hidden />} role="status">
        Double authentification activée.
      </Alert>
      <Text size="sm">
        Gardez ces codes de secours en lieu sûr : chacun permet une connexion, une seule fois, si vous n’avez plus votre
        téléphone. Ils ne seront plus affichés.
      </Text>
      <SimpleGrid cols={2} spacing="xs" component="ul" aria-label="Codes de secours" p={0} m={0}>
        {formatted.map((code) => (
          <Code key={code} component="li" fz="md" ta="center" py={6} style={{ listStyle: 'none' }}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={formatted.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? 'Codes copiés' : 'Copier les codes'}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => downloadCodes(codes)}
        >
          Télécharger
        </Button>
      </Group>
      <Checkbox
        label="J’ai mis ces codes en lieu sûr"
        checked={kept}
        onChange={(event) => setKept(event.currentTarget.checked)}
      />
      <Button disabled={!kept} onClick={onDone}>
        Terminer
      </Button>
    </Stack>
  );
}

/**
 * Enrolling in two-factor sign-in (decision 0028): scan the QR code (or type the key) in an
 * authenticator app, confirm with its first code, then keep the recovery codes.
 */
export function TwoFactorEnrolment({ onDone }: { onDone: () => void }) {
  const enrolment = useMutation({ mutationFn: startTwoFactorEnrolment });
  const activation = useMutation({ mutationFn: activateTwoFactor });
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  // A new secret each time the step opens: a scan left half-way is simply replaced.
  const start = enrolment.mutate;
  useEffect(() => start(), [start]);

  if (activation.data) return <RecoveryCodes codes={activation.data} onDone={onDone} />;
  if (enrolment.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
        <Stack gap="sm" align="flex-start">
          {enrolment.error.message}
          <Button size="xs" variant="light" color="red" onClick={() => start()}>
            Réessayer
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!enrolment.data) {
    return (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label="Préparation du code QR" />
      </Group>
    );
  }
  const { secret, qr_code } = enrolment.data;
  const fieldMessage = fieldError ?? (activation.isError ? activation.error.message : null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = deuxFacteursActivationBodySchema.shape.code.safeParse(code);
        if (!parsed.success) {
          setFieldError(parsed.error.issues[0]?.message ?? 'Le code compte 6 chiffres');
          return;
        }
        setFieldError(null);
        activation.mutate(parsed.data);
      }}
    >
      <Stack gap="md">
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>
            Installez une application d’authentification sur votre téléphone (Google Authenticator, Microsoft
            Authenticator, FreeOTP…).
          </List.Item>
          <List.Item>Scannez ce code QR avec elle, ou saisissez la clé ci-dessous.</List.Item>
          <List.Item>Saisissez le code à 6 chiffres qu’elle affiche.</List.Item>
        </List>
        <Image
          src={qr_code}
          alt="Code QR à scanner avec votre application d’authentification"
          w={192}
          h={192}
          mx="auto"
          bg="white"
        />
        <Stack gap={4} align="center">
          <Text size="xs" c="dimmed">
            Clé à saisir à la main
          </Text>
          <Group gap="xs" justify="center">
            <Code fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {secret.replace(/(.{4})/g, '$1 ').trim()}
            </Code>
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="subtle" onClick={copy}>
                  {copied ? 'Copiée' : 'Copier'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
        <TextInput
          label="Code affiché par l’application"
          placeholder="123456"
          inputMode="numeric"
          autoComplete="one-time-code"
          aria-required
          value={code}
          error={fieldMessage}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" loading={activation.isPending}>
          Activer la double authentification
        </Button>
      </Stack>
    </form>
  );
}
