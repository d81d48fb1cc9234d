import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';

/** The foot of a tab's form: the failure of the last save, if any, and 'Sauvegarder' ('Sauvegarde...' meanwhile). */
export function SaveBar({ saving, error }: { saving: boolean; error: Error | null }) {
  return (
    <>
      {error && !saving && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {error.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button type="submit" disabled={saving} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
          {saving ? 'Sauvegarde...' : 'Sauvegarder'}
        </Button>
      </Group>
    </>
  );
}
