import { DIGEST_HOUR, type NotificationPrefs } from '../notifications.ts';
import { instantOf, wallClock } from './heure-locale.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export type EnvoiPrefs = Pick<NotificationPrefs, 'emailFrequency' | 'quietHours' | 'quietStart' | 'quietEnd'>;

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** The digest's slot strictly after a wall-clock time: the next full hour, 8 h, or Monday 8 h. */
function digestSlot(wall: number, frequency: EnvoiPrefs['emailFrequency']): number {
  const d = new Date(wall);
  const today = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), DIGEST_HOUR);
  switch (frequency) {
    case 'immediate':
      return wall;
    case 'hourly':
      return Math.floor(wall / HOUR_MS) * HOUR_MS + HOUR_MS;
    case 'daily':
      return today > wall ? today : today + DAY_MS;
    case 'weekly': {
      const monday = today - ((d.getUTCDay() + 6) % 7) * DAY_MS;
      return monday > wall ? monday : monday + 7 * DAY_MS;
    }
  }
}

/**
 * A wall-clock time moved to the end of the quiet hours when it falls in them (start included,
 * end excluded; a window such as 22:00–07:00 crosses midnight; equal bounds make no window).
 */
function afterQuietHours(wall: number, start: string, end: string): number {
  const [s, e] = [minutesOf(start), minutesOf(end)];
  const midnight = Math.floor(wall / DAY_MS) * DAY_MS;
  const m = (wall - midnight) / MINUTE_MS;
  if (s < e) return m >= s && m < e ? midnight + e * MINUTE_MS : wall;
  if (s > e) {
    if (m >= s) return midnight + DAY_MS + e * MINUTE_MS;
    if (m < e) return midnight + e * MINUTE_MS;
  }
  return wall;
}

/**
 * When a notification made at `createdAt` is due by e-mail, by its recipient's choices read in the
 * company's time zone: at once, or at the slot of his digest, and never in his quiet hours (held to
 * their end). The delivery task sends, in one e-mail, a recipient's notifications due by then.
 */
export function courrielDu(createdAt: Date, prefs: EnvoiPrefs, timeZone: string): Date {
  let due = digestSlot(wallClock(createdAt.getTime(), timeZone), prefs.emailFrequency);
  if (prefs.quietHours) due = afterQuietHours(due, prefs.quietStart, prefs.quietEnd);
  return new Date(Math.max(instantOf(due, timeZone), createdAt.getTime()));
}
