import { Button, Group, Notification, Portal, Stack } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconLock, IconWifiOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { showClearAll, TOAST_TITLES, type Toast, type ToastType } from './toast-rules.ts';
import { toastStore } from './toast-store.ts';

const COLORS: Record<ToastType, string> = { general: 'red', auth: 'orange', network: 'yellow', success: 'teal' };

const ICONS: Record<ToastType, React.ReactNode> = {
  general: <IconAlertTriangle size={18} aria-hidden />,
  auth: <IconLock size={18} aria-hidden />,
  network: <IconWifiOff size={18} aria-hidden />,
  success: <IconCheck size={18} aria-hidden />,
};

function ToastItem({ toast }: { toast: Toast }) {
  return (
    <Notification
      color={COLORS[toast.type]}
      icon={ICONS[toast.type]}
      title={TOAST_TITLES[toast.type]}
      onClose={() => toastStore.dismiss(toast.id)}
      closeButtonProps={{ 'aria-label': 'Fermer la notification' }}
      withBorder
      role={toast.type === 'success' ? 'status' : 'alert'}
      style={{ boxShadow: 'var(--mantine-shadow-md)' }}
      // Mantine's grey message reads at 3.3:1 on white: the text colour keeps it over 4.5:1.
      styles={{ description: { color: 'var(--mantine-color-text)' } }}
    >
      {toast.message}
      {toast.type === 'auth' && (
        <Group mt="xs">
          <Button size="xs" variant="light" color="orange" onClick={() => window.location.reload()}>
            Actualiser
          </Button>
        </Group>
      )}
    </Notification>
  );
}

/** Top-right stack of toasts, with 'Effacer toutes les notifications' when more than one. */
export function ToastStack() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  if (toasts.length === 0) return null;
  return (
    <Portal>
      <Stack
        gap="xs"
        aria-live="polite"
        aria-label="Notifications"
        style={{
          position: 'fixed',
          top: 'calc(var(--app-shell-header-height, 0px) + 12px)',
          right: 12,
          left: 'auto',
          width: 'min(400px, calc(100vw - 24px))',
          zIndex: 1000,
        }}
      >
        {showClearAll(toasts) && (
          <Group justify="flex-end">
            <Button size="compact-xs" variant="white" color="gray" onClick={() => toastStore.clear()}>
              Effacer toutes les notifications
            </Button>
          </Group>
        )}
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </Stack>
    </Portal>
  );
}
