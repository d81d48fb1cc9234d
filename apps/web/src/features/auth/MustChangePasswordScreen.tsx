import { MESSAGES } from '@app/shared';
import { Alert, Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { sessionStore } from '../../api/index.ts';
import { endSession, profileQuery } from '../../data/auth.ts';
import { Logo } from '../../ui/Logo.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

/** A temporary password must be replaced before anything else (decisions §3). */
export function MustChangePasswordScreen() {
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  return (
    <Box component="main" mih="100dvh" px="md" py="xl" bg="gray.0">
      <Center mih="calc(100dvh - 64px)">
        <Stack w="100%" maw={460} gap="lg">
          <Group justify="center">
            <Logo size={40} />
          </Group>
          <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="md">
              <Title order={1} size="h3">
                Changement de mot de passe requis
              </Title>
              <Alert color="orange" variant="light" icon={<IconShieldLock size={18} aria-hidden />} role="status">
                {MESSAGES.passwordChangeRequired}
              </Alert>
              <ChangePasswordForm
                submitLabel="Changer le mot de passe"
                onDone={() => {
                  const profile = sessionStore.getSnapshot().userData?.profile;
                  if (profile) sessionStore.setProfile({ ...profile, must_change_password: false });
                  queryClient.fetchQuery({ ...profileQuery(), staleTime: 0 }).catch(() => undefined);
                }}
              />
              <Text size="sm" ta="center">
                <Anchor
                  component="button"
                  type="button"
                  disabled={leaving}
                  onClick={() => {
                    setLeaving(true);
                    void endSession(queryClient);
                  }}
                >
                  Se déconnecter
                </Anchor>
              </Text>
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
