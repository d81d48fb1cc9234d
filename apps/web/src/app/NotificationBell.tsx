import { formatDateTime, formatRelative, NBSP, type Notification, plural } from '@app/shared';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { notificationsQuery, useMarkNotificationsRead } from '../data/notifications.ts';
import { usePreferences } from '../data/preferences.ts';
import { useNotificationAlerts } from './notification-alerts.ts';

/** What the badge shows: the count up to 99. */
const badge = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The header's bell (issue 26), for staff: the unread count, the ten newest notifications, each
 * marked read when opened (its screen shown when it has one), and 'Tout marquer comme lu'. Its
 * page is read again every minute; what arrives rings or shows a browser notification by the
 * account's choices.
 */
export function NotificationBell({ accountId }: { accountId: number }) {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const query = useQuery(notificationsQuery(accountId));
  const mark = useMarkNotificationsRead();
  const { notifications: choices } = usePreferences();
  useNotificationAlerts(query.data?.items, choices);
  const unread = query.data?.nonLues ?? 0;
  const label = unread ? `Notifications, ${plural(unread, 'non lue')}` : 'Notifications';

  const open = (notification: Notification) => {
    if (!notification.lue) mark.mutate(notification.id);
    if (notification.lien) {
      setOpened(false);
      void navigate(notification.lien);
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
      trapFocus
      // The dialog is named by its own label, not by the bell (whose label carries the count).
      withRoles={false}
    >
      <Popover.Target>
        <Indicator label={badge(unread)} size={18} color="red" disabled={unread === 0} offset={4} inline>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={label}
            aria-expanded={opened}
            aria-haspopup="dialog"
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-label="Notifications">
        <Group justify="space-between" px="md" py="sm" gap="xs">
          <Text fw={700}>Notifications</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            // Its whole label, never cut: it goes under the title where the row is too narrow.
            style={{ flexShrink: 0 }}
            leftSection={<IconChecks size={16} aria-hidden />}
            disabled={unread === 0}
            loading={mark.isPending && mark.variables === undefined}
            onClick={() => mark.mutate(undefined)}
          >
            Tout marquer comme lu
          </Button>
        </Group>
        <Box style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          {query.isPending ? (
            <Group justify="center" p="lg">
              <Loader size="sm" aria-label="Chargement des notifications" />
            </Group>
          ) : query.isError ? (
            <Stack align="center" gap="xs" p="lg">
              <Text size="sm">Impossible de charger les notifications.</Text>
              <Button variant="light" size="compact-sm" onClick={() => void query.refetch()}>
                Réessayer
              </Button>
            </Stack>
          ) : query.data.items.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" p="lg">
              Aucune notification pour le moment.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={400} type="auto">
              <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
                {query.data.items.map((notification) => (
                  <li key={notification.id}>
                    <NotificationItem notification={notification} onOpen={() => open(notification)} />
                  </li>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Box>
        <Box px="md" py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Anchor component={Link} to="/settings?onglet=notifications" size="sm" onClick={() => setOpened(false)}>
            Choisir mes notifications
          </Anchor>
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const { titre, message, lue, created_at } = notification;
  return (
    <UnstyledButton
      onClick={onOpen}
      w="100%"
      px="md"
      py="sm"
      aria-label={`${lue ? '' : `Non lue${NBSP}: `}${titre}. ${message}`}
      style={{
        display: 'block',
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: lue ? undefined : 'var(--mantine-color-blue-light)',
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Box
          aria-hidden
          mt={6}
          style={{
            width: 8,
            height: 8,
            flex: 'none',
            borderRadius: '50%',
            background: lue ? 'transparent' : 'var(--mantine-color-blue-filled)',
          }}
        />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={lue ? 500 : 700}>
            {titre}
          </Text>
          <Text size="sm">{message}</Text>
          <Text size="xs" c="dimmed" title={formatDateTime(created_at)}>
            {formatRelative(created_at)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
