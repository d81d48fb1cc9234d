import { formatCountdown, isSessionWarning, secondsLeft } from '@app/shared';

export interface CountdownState {
  /** Seconds left in the session, 0 when over or unknown. */
  seconds: number;
  /** Under 30 minutes: amber, with the 'Prolonger' button. */
  warning: boolean;
  expired: boolean;
  label: string;
}

/** The header's session countdown from the session end date (spec 1 §4, §9). */
export function sessionCountdown(sessionExpiresAt: string | null | undefined, nowMs: number): CountdownState {
  const endMs = sessionExpiresAt ? Date.parse(sessionExpiresAt) : Number.NaN;
  const seconds = Number.isNaN(endMs) ? 0 : secondsLeft(endMs / 1000, nowMs);
  return { seconds, warning: isSessionWarning(seconds), expired: seconds <= 0, label: formatCountdown(seconds) };
}
