import type { FrequenceSauvegarde } from '../sauvegardes.ts';
import { instantOf, wallClock } from './heure-locale.ts';

/** When backups are due: how often, at what time of the company's day ('HH:MM'), in its time zone. */
export interface PlanSauvegarde {
  frequency: FrequenceSauvegarde;
  time: string;
  timeZone: string;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The slot at or before a wall-clock time: the plan's time of the hour, day, Monday or first of the month. */
function slotAtOrBefore(wall: number, frequency: FrequenceSauvegarde, hours: number, minutes: number): number {
  const d = new Date(wall);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  switch (frequency) {
    case 'hourly': {
      const slot = Date.UTC(y, m, day, d.getUTCHours(), minutes);
      return slot <= wall ? slot : slot - HOUR_MS;
    }
    case 'daily': {
      const slot = Date.UTC(y, m, day, hours, minutes);
      return slot <= wall ? slot : slot - DAY_MS;
    }
    case 'weekly': {
      const sinceMonday = (d.getUTCDay() + 6) % 7;
      const slot = Date.UTC(y, m, day - sinceMonday, hours, minutes);
      return slot <= wall ? slot : slot - 7 * DAY_MS;
    }
    case 'monthly': {
      const slot = Date.UTC(y, m, 1, hours, minutes);
      return slot <= wall ? slot : Date.UTC(y, m - 1, 1, hours, minutes);
    }
  }
}

function slotAfter(slot: number, frequency: FrequenceSauvegarde): number {
  const d = new Date(slot);
  switch (frequency) {
    case 'hourly':
      return slot + HOUR_MS;
    case 'daily':
      return slot + DAY_MS;
    case 'weekly':
      return slot + 7 * DAY_MS;
    case 'monthly':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, d.getUTCHours(), d.getUTCMinutes());
  }
}

/**
 * The plan's last slot at or before `now` (the one a backup is due for: a server down at its time
 * takes it when it comes back) and the next one. Each slot is one backup, whatever the restarts.
 */
export function creneauxSauvegarde(now: Date, plan: PlanSauvegarde): { dernier: Date; prochain: Date } {
  const [hours, minutes] = plan.time.split(':').map(Number) as [number, number];
  const wall = wallClock(now.getTime(), plan.timeZone);
  const last = slotAtOrBefore(wall, plan.frequency, hours, minutes);
  return {
    dernier: new Date(instantOf(last, plan.timeZone)),
    prochain: new Date(instantOf(slotAfter(last, plan.frequency), plan.timeZone)),
  };
}

/** How long after its slot a backup may be missing before the admins are told: a period and an hour. */
export function delaiAlerteSauvegarde(frequency: FrequenceSauvegarde): number {
  const period = { hourly: HOUR_MS, daily: DAY_MS, weekly: 7 * DAY_MS, monthly: 31 * DAY_MS }[frequency];
  return period + HOUR_MS;
}
