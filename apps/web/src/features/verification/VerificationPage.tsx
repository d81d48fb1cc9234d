import { formatFCFA, type RecuVerification } from '@app/shared';
import { Alert, Anchor, Box, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { verificationQuery } from '../../data/recus.ts';
import { publicSettingsQuery } from '../../data/settings.ts';
import { DetailField } from '../../ui/DetailField.tsx';
import { Logo } from '../../ui/Logo.tsx';

const TITLE = 'Vérification d’un reçu';

/** "3 novembre 2026 à 10:15" in the company's time zone (the browser's until the settings are known). */
function validationDate(iso: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(iso));
}

function Genuine({ recu, company, timeZone }: { recu: RecuVerification; company: string; timeZone?: string }) {
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color="green" variant="light" size={48} radius="xl" aria-hidden>
          <IconCircleCheck size={30} />
        </ThemeIcon>
        <div>
          <Text fw={700} fz="xl" c="green.9">
            Reçu authentique
          </Text>
          <Text size="sm">Ce reçu a bien été émis par {company} pour un versement validé.</Text>
        </div>
      </Group>
      <Box component="dl" m={0} style={{ display: 'grid', gap: 'var(--mantine-spacing-sm)' }}>
        <DetailField label="Numéro du reçu">{recu.numero}</DetailField>
        <DetailField label="Montant">{formatFCFA(recu.montant)}</DetailField>
        <DetailField label="Validé le">{validationDate(recu.date_validation, timeZone)}</DetailField>
        <DetailField label="Membre (initiales)">{recu.initiales}</DetailField>
      </Box>
      <Text size="sm" c="dimmed">
        Vérifiez que le numéro, le montant et la date correspondent à ceux du reçu qui vous est présenté.
      </Text>
    </Stack>
  );
}

function NotGenuine({ company, phone, email }: { company: string; phone?: string; email?: string }) {
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color="red" variant="light" size={48} radius="xl" aria-hidden>
          <IconCircleX size={30} />
        </ThemeIcon>
        <div>
          <Text fw={700} fz="xl" c="red.9">
            Reçu non authentique
          </Text>
          <Text size="sm">Ce code ne correspond à aucun reçu valide émis par {company}.</Text>
        </div>
      </Group>
      <Text size="sm">
        Le document a pu être modifié, ou le versement qu’il atteste a été annulé. Ne vous y fiez pas sans nous avoir
        contactés.
      </Text>
      {(phone || email) && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Nous contacter
          </Text>
          {phone && (
            <Anchor size="sm" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
              {phone}
            </Anchor>
          )}
          {email && (
            <Anchor size="sm" href={`mailto:${email}`}>
              {email}
            </Anchor>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The public page a receipt's QR code opens (issue 15): no sign-in; it says whether the receipt is
 * genuine and, if so, only its number, amount, validation date and the member's initials.
 */
export default function VerificationPage({ token }: { token: string }) {
  const settings = useQuery(publicSettingsQuery());
  const verification = useQuery(verificationQuery(token));
  const general = settings.data?.general;
  const company = general?.companyName ?? 'Autopromotion Immobilière';

  useEffect(() => {
    document.title = `${TITLE} – ${company}`;
  }, [company]);

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
        <Stack w="100%" maw={480} gap="lg">
          <Group justify="center" gap="sm">
            <Logo size={40} />
            <Text fw={700} size="lg">
              {company}
            </Text>
          </Group>
          <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Title order={1} size="h2" mb="md">
              {TITLE}
            </Title>
            <div aria-live="polite">
              {verification.isPending && (
                <Group gap="sm">
                  <Loader size="sm" aria-hidden />
                  <Text>Vérification en cours…</Text>
                </Group>
              )}
              {verification.data?.authentique === true && (
                <Genuine recu={verification.data.recu} company={company} timeZone={general?.timeZone} />
              )}
              {verification.data?.authentique === false && (
                <NotGenuine company={company} phone={general?.phone} email={general?.email} />
              )}
              {verification.isError && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">
                      La vérification n’a pas pu aboutir{'\u00a0'}: {verification.error.message}
                    </Text>
                    <Button size="xs" variant="light" color="red" onClick={() => void verification.refetch()}>
                      Réessayer
                    </Button>
                  </Stack>
                </Alert>
              )}
            </div>
          </Paper>
          <Text size="sm" ta="center">
            <Anchor href="/">Espace membres et personnel</Anchor>
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
