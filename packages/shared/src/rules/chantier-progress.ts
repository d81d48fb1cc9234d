import type { ChantierStatut } from '../chantiers.ts';

/** What the progress of a chantier is computed from (spec 2 §3). */
export interface ChantierProgressInput {
  statut: ChantierStatut;
  /** 0–100 when entered; null when the server has none. */
  pourcentage_avancement: number | null;
  /** 'YYYY-MM-DD'. */
  date_debut: string | null;
  date_fin_prevue: string | null;
}

/** A calendar day as a UTC instant (dates carry no time zone). */
function dayOf(value: string | null): number | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(time) ? null : time;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The progress shown for a chantier, in percent (spec 2 §4): the one entered when there is one,
 * else by status — termine 100, annule and planifie 0; en_cours with its dates 5 before the start,
 * 95 after the planned end, otherwise 5 + 0.9 × the elapsed share kept within 5–95, and 50 without
 * dates; suspendu with its dates 0 before the start, 90 after the end, otherwise 80 % of the elapsed
 * share (at most 80), and 25 without dates. Rounded to a whole percent.
 */
export function chantierProgress(chantier: ChantierProgressInput, today: Date = new Date()): number {
  if (chantier.pourcentage_avancement !== null) return clamp(Math.round(chantier.pourcentage_avancement), 0, 100);
  switch (chantier.statut) {
    case 'termine':
      return 100;
    case 'annule':
    case 'planifie':
      return 0;
  }
  const start = dayOf(chantier.date_debut);
  const end = dayOf(chantier.date_fin_prevue);
  const running = chantier.statut === 'en_cours';
  if (start === null || end === null || end <= start) return running ? 50 : 25;
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  if (now < start) return running ? 5 : 0;
  if (now > end) return running ? 95 : 90;
  const elapsed = ((now - start) / (end - start)) * 100;
  return Math.round(running ? clamp(5 + 0.9 * elapsed, 5, 95) : Math.min(elapsed * 0.8, 80));
}

/** The progress bar's colour (spec 2 §2): under 25 red, under 50 yellow, under 75 the primary colour, else green. */
export function progressColor(progress: number): 'red' | 'yellow' | 'primary' | 'green' {
  if (progress < 25) return 'red';
  if (progress < 50) return 'yellow';
  if (progress < 75) return 'primary';
  return 'green';
}
