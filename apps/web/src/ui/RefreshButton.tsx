import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/** A list's 'Actualiser' button: fetches the list afresh, spinning while it loads. */
export function RefreshButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  return (
    <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onClick} loading={loading}>
      Actualiser
    </Button>
  );
}
