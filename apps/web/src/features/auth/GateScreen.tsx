import { Alert, Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { endSession } from '../../data/auth.ts';
import { Logo } from '../../ui/Logo.tsx';

/**
 * A full page that stands between a signed-in account and the app until it has done one thing
 * (replace a temporary password, enrol in two factors): why, the form, and a way out.
 */
export function GateScreen({ title, reason, children }: { title: string; reason: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  return (
    <Box component="main" mih="100dvh" px="md" py="xl" bg="gray.0">
      <Center mih="calc(100dvh - 64px)">
        <Stack w="100%" maw={480} gap="lg">
          <Group justify="center">
            <Logo size={40} />
          </Group>
          <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="md">
              <Title order={1} size="h3">
                {title}
              </Title>
              <Alert color="orange" variant="light" icon={<IconShieldLock size={18} aria-hidden />} role="status">
                {reason}
              </Alert>
              {children}
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
