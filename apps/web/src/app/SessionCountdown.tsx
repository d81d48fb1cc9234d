import { SESSION_INDICATOR_REFRESH_MS } from '@app/shared';
import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconClock, IconClockPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { refreshSession, sessionStore, useSession } from '../api/index.ts';
import { extendSession } from '../data/auth.ts';
import { showToast } from '../ui/toasts/toast-store.ts';
import { sessionCountdown } from './session-countdown.ts';

/** The session countdown, re-computed every 60 seconds and whenever the end date changes. */
export function useSessionCountdown() {
  const session = useSession();
  const [now, setNow] = useState(() => Date.now());
  const expiredHandled = useRef(false);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), SESSION_INDICATOR_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const sessionExpiresAt = session.userData?.sessionExpiresAt;
  // A new end date (refresh, extension) is shown at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: recompute "now" when the end date changes
  useEffect(() => {
    setNow(Date.now());
    expiredHandled.current = false;
  }, [sessionExpiresAt]);

  const state = sessionCountdown(sessionExpiresAt, now);

  // At the end of the session, the refresh is refused and the usual expiry path runs.
  useEffect(() => {
    if (!state.expired || !sessionExpiresAt || expiredHandled.current) return;
    expiredHandled.current = true;
    refreshSession().catch(() => undefined);
  }, [state.expired, sessionExpiresAt]);

  return { ...state, sessionExpiresAt };
}

/** What is left of the session; amber with 'Prolonger' under 30 minutes (spec 1 §4; decisions §3). */
export function SessionCountdown({ state }: { state: ReturnType<typeof useSessionCountdown> }) {
  const { sessionExpiresAt } = state;
  const extend = useMutation({
    mutationFn: extendSession,
    onSuccess: (end) => {
      sessionStore.setSessionExpiresAt(end);
      showToast('success', 'Session prolongée');
    },
  });

  if (!sessionExpiresAt) return null;
  const color = state.warning ? 'orange.8' : 'dimmed';

  return (
    <Group gap="xs" wrap="nowrap">
      <Tooltip label="Temps restant avant la fin de votre session">
        <Group
          gap={4}
          wrap="nowrap"
          c={color}
          role="timer"
          aria-live="off"
          aria-label={`Session : ${state.label} restantes`}
          data-warning={state.warning || undefined}
        >
          <IconClock size={18} aria-hidden />
          <Text size="sm" fw={state.warning ? 700 : 500} c={color} aria-hidden style={{ whiteSpace: 'nowrap' }}>
            {state.label}
          </Text>
        </Group>
      </Tooltip>
      {state.warning && (
        <>
          <Button
            visibleFrom="xs"
            size="compact-sm"
            variant="light"
            color="orange"
            loading={extend.isPending}
            onClick={() => extend.mutate()}
          >
            Prolonger
          </Button>
          <Tooltip label="Prolonger la session">
            <ActionIcon
              hiddenFrom="xs"
              variant="light"
              color="orange"
              aria-label="Prolonger"
              loading={extend.isPending}
              onClick={() => extend.mutate()}
            >
              <IconClockPlus size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </>
      )}
    </Group>
  );
}
