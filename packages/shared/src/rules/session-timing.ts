import { NBSP } from '../format.ts';

/** Token and session timing rules of the web client (spec 1 §4, §9). */
export const TOKEN_CHECK_INTERVAL_MS = 5 * 60_000;
export const REFRESH_THRESHOLD_S = 10 * 60;
export const SESSION_WARNING_S = 30 * 60;
export const SESSION_INDICATOR_REFRESH_MS = 60_000;

/**
 * Sent (value `1`) by the web app's background reads (the bell's and the sidebar's polls): such
 * a read is not the person's activity, so it leaves the inactivity timeout running.
 */
export const BACKGROUND_READ_HEADER = 'x-lecture-de-fond';

/** Reads `exp` (seconds since epoch) from a JWT without verifying it; null when unreadable. */
export function tokenExpiry(token: string | null | undefined): number | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')));
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
}

export function secondsLeft(expSeconds: number | null, nowMs: number): number {
  if (expSeconds === null) return 0;
  return Math.max(0, Math.floor(expSeconds - nowMs / 1000));
}

/** A refresh is due when the token has under 10 minutes left or is already expired. */
export function shouldRefresh(expSeconds: number | null, nowMs: number): boolean {
  return secondsLeft(expSeconds, nowMs) < REFRESH_THRESHOLD_S;
}

/** The header's countdown turns amber (and offers "extend") under 30 minutes. */
export function isSessionWarning(secondsRemaining: number): boolean {
  return secondsRemaining < SESSION_WARNING_S;
}

/** "1 h 05", "12 min" for the session countdown. */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}${NBSP}min`;
  const hours = Math.floor(minutes / 60);
  return `${hours}${NBSP}h${NBSP}${String(minutes % 60).padStart(2, '0')}`;
}
