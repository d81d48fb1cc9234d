import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

export interface TempPassword {
  name: string;
  password: string;
}

/**
 * The result of an admin password reset (decisions §3, spec 3 §8): the temporary password,
 * shown this once, to copy and hand over; it must be changed at the next sign-in.
 */
export function TempPasswordDialog({ result, onClose }: { result: TempPassword | null; onClose: () => void }) {
  return (
    <Modal opened={!!result} onClose={onClose} title="Réinitialisation du mot de passe" centered size="md">
      {result && (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCheck size={18} aria-hidden />} role="status">
            Mot de passe réinitialisé avec succès !
          </Alert>
          <div>
            <Text size="sm" fw={500}>
              Nouveau mot de passe temporaire :
            </Text>
            <Group gap="sm" mt={6} wrap="nowrap">
              <Code
                fz="lg"
                px="sm"
                py={6}
                style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', userSelect: 'all' }}
              >
                {result.password}
              </Code>
              <CopyButton value={result.password} timeout={2000}>
                {({ copied, copy }) => (
                  <Button
                    variant={copied ? 'filled' : 'light'}
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                    onClick={copy}
                  >
                    {copied ? 'Copié' : 'Copier'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </div>
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            Notez ce mot de passe et transmettez-le à {result.name} : il ne sera plus affiché. Il devra être changé à la
            prochaine connexion.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Fermer
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
