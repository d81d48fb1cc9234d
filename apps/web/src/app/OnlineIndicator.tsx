import { Group, Text, Tooltip } from '@mantine/core';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useOnline } from '../api/index.ts';

/** Online/offline indicator fed by the connection monitor. */
export function OnlineIndicator() {
  const online = useOnline();
  const label = online ? 'En ligne' : 'Hors ligne';
  return (
    <Tooltip label={online ? 'Connexion au serveur établie' : 'Serveur injoignable'}>
      <Group gap={6} wrap="nowrap" role="status" aria-label={label} c={online ? 'teal.8' : 'red.8'}>
        {online ? <IconWifi size={18} aria-hidden /> : <IconWifiOff size={18} aria-hidden />}
        <Text size="sm" fw={500} visibleFrom="md" aria-hidden>
          {label}
        </Text>
      </Group>
    </Tooltip>
  );
}
