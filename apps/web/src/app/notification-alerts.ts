// The app's notification, apart from the browser's `Notification` used below.
import type { NotificationPrefs, Notification as StaffNotification } from '@app/shared';
import { useEffect, useRef } from 'react';

/** A short two-note chime, played by the browser itself (no sound file to fetch). */
function chime(): void {
  const Context = window.AudioContext;
  if (!Context) return;
  const audio = new Context();
  const start = audio.currentTime;
  for (const [index, frequency] of [880, 1320].entries()) {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = frequency;
    const at = start + index * 0.15;
    volume.gain.setValueAtTime(0.15, at);
    volume.gain.exponentialRampToValueAtTime(0.001, at + 0.3);
    tone.connect(volume).connect(audio.destination);
    tone.start(at);
    tone.stop(at + 0.3);
  }
  setTimeout(() => void audio.close(), 1_000);
}

/**
 * Rings (soundEnabled) and shows the browser's notification (pushEnabled, once the browser allows
 * it) for each unread notification newer than those already seen on this page: nothing at the
 * first read, so that signing in does not ring for old news.
 */
export function useNotificationAlerts(
  items: StaffNotification[] | undefined,
  choices: Pick<NotificationPrefs, 'soundEnabled' | 'pushEnabled'>,
): void {
  const newestSeen = useRef<number | null>(null);
  useEffect(() => {
    if (!items) return;
    const newest = Math.max(0, ...items.map((n) => n.id));
    const seen = newestSeen.current;
    newestSeen.current = Math.max(seen ?? 0, newest);
    if (seen === null) return;
    const fresh = items.filter((n) => n.id > seen && !n.lue);
    if (fresh.length === 0) return;
    if (choices.soundEnabled) chime();
    if (choices.pushEnabled && 'Notification' in window && Notification.permission === 'granted') {
      for (const n of fresh) new Notification(n.titre, { body: n.message, tag: `notification-${n.id}` });
    }
  }, [items, choices.soundEnabled, choices.pushEnabled]);
}
