import { isIPv6 } from 'node:net';

/**
 * Sign-in failures are counted per account and client address: wrong passwords
 * from one address lock that address out of that account, never the owner signing in elsewhere.
 */

/** A pair's first lock; each next one lasts twice as long, up to a day. */
const FIRST_LOCK_MINUTES = 15;
const MAX_LOCK_MINUTES = 24 * 60;
/** A pair with no failure for a week is forgotten (its lock growth starts again). */
export const THROTTLE_FORGET_MS = 7 * 24 * 3_600_000;

export interface Throttle {
  failures: number;
  lockouts: number;
  locked_until: Date | null;
}

/** Where failures are counted from: the client address, an IPv6 one reduced to its /64 (what one subscriber gets). */
export function throttleAddress(ip: string | null): string {
  const address = (ip ?? '').split('%')[0] ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

export function isLocked(throttle: Throttle | undefined, now = new Date()): boolean {
  return !!throttle?.locked_until && throttle.locked_until > now;
}

/**
 * The pair after one more failure. At the settings' number of attempts it locks, for twice as
 * long as its previous lock, and counting starts again. A failure that slipped past the lock
 * check while a parallel one locked the pair changes nothing.
 */
export function afterFailure(
  throttle: Throttle,
  maxAttempts: number,
  now = new Date(),
): { next: Throttle; lockedMinutes: number | null } {
  if (isLocked(throttle, now)) return { next: throttle, lockedMinutes: null };
  const failures = throttle.failures + 1;
  if (failures < maxAttempts) return { next: { ...throttle, failures }, lockedMinutes: null };
  const minutes = Math.min(MAX_LOCK_MINUTES, FIRST_LOCK_MINUTES * 2 ** throttle.lockouts);
  return {
    next: { failures: 0, lockouts: throttle.lockouts + 1, locked_until: new Date(now.getTime() + minutes * 60_000) },
    lockedMinutes: minutes,
  };
}

/** '15 minutes', '1 heure', '24 heures'. */
export function durationText(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? '1 heure' : `${hours} heures`;
}
