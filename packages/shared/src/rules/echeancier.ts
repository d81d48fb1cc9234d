import { dueDate } from './echeances.ts';

/**
 * A member's schedule (échéancier, issue 15) and how his payments settle it: `duree` monthly
 * instalments of `engagement` FCFA, the i-th due i months after the start; validated payments, in
 * the order they were validated, settle the oldest unpaid instalment first; approved refunds give
 * back the most recent money first.
 */
export const ECHEANCE_STATUTS = ['a_venir', 'partiel', 'paye', 'en_retard'] as const;
export type EcheanceStatut = (typeof ECHEANCE_STATUTS)[number];

export interface Echeance {
  numero: number;
  /** YYYY-MM-DD */
  date: string;
  montant: number;
}

export interface EcheanceReglee extends Echeance {
  paye: number;
  reste: number;
  statut: EcheanceStatut;
  /** The payments that settled it, and how much of each. */
  reglements: { versementId: number; montant: number }[];
}

export function buildSchedule({
  start,
  engagement,
  duree,
}: {
  start: string;
  engagement: number;
  duree: number;
}): Echeance[] {
  return Array.from({ length: duree }, (_, i) => ({ numero: i + 1, date: dueDate(start, i + 1), montant: engagement }));
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Settles the schedule with the payments (validated, oldest first) less the refunds, as of
 * `today`. An instalment is late once `graceDays` have passed after its due date unpaid. What
 * exceeds the schedule is `excedent`.
 */
export function allocate(
  schedule: readonly Echeance[],
  payments: readonly { id: number; montant: number }[],
  { today, refunded = 0, graceDays = 0 }: { today: string; refunded?: number; graceDays?: number },
): { echeances: EcheanceReglee[]; excedent: number } {
  // Refunds give back the latest money first.
  let toGiveBack = refunded;
  const kept = [...payments]
    .reverse()
    .map((p) => {
      const back = Math.min(p.montant, toGiveBack);
      toGiveBack -= back;
      return { id: p.id, montant: p.montant - back };
    })
    .reverse()
    .filter((p) => p.montant > 0);

  const echeances: EcheanceReglee[] = schedule.map((e) => ({
    ...e,
    paye: 0,
    reste: e.montant,
    statut: 'a_venir',
    reglements: [],
  }));
  let excedent = 0;
  let next = 0;
  for (const payment of kept) {
    let left = payment.montant;
    while (left > 0 && next < echeances.length) {
      const e = echeances[next] as EcheanceReglee;
      const part = Math.min(left, e.reste);
      e.paye += part;
      e.reste -= part;
      e.reglements.push({ versementId: payment.id, montant: part });
      left -= part;
      if (e.reste === 0) next += 1;
    }
    excedent += left;
  }
  for (const e of echeances) {
    if (e.reste === 0) e.statut = 'paye';
    else if (addDays(e.date, graceDays) < today) e.statut = 'en_retard';
    else if (e.paye > 0) e.statut = 'partiel';
  }
  return { echeances, excedent };
}
