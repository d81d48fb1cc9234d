/**
 * A member's schedule (échéancier, issue 15) and how his payments settle it: monthly instalments
 * from a first due date; validated payments, in the order they were validated, settle the oldest
 * unpaid instalment first; approved refunds give back the most recent money first. The stored rows
 * (migration 0015) follow the same dates and running totals, so SQL and these rules agree.
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

const pad = (n: number) => String(n).padStart(2, '0');

/** `months` months after `date`, on its day or the month's last day when shorter, as PostgreSQL's `date + interval`. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const monthIndex = month - 1 + months;
  const y = year + Math.floor(monthIndex / 12);
  const m = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return `${y}-${pad(m + 1)}-${pad(Math.min(day, lastDay))}`;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The first due date of a new member's schedule: a month after his inscription. */
export const premiereEcheance = (inscription: string) => addMonths(inscription, 1);

/**
 * `duree` instalments of `engagement`, the first on `premiere`, then monthly (numbered from `from`);
 * with a `total`, the last one holds what remains of it (a contract's schedule, rules/contrat.ts).
 */
export function buildSchedule({
  premiere,
  engagement,
  duree,
  from = 1,
  total = engagement * duree,
}: {
  premiere: string;
  engagement: number;
  duree: number;
  from?: number;
  total?: number;
}): Echeance[] {
  return Array.from({ length: duree }, (_, i) => ({
    numero: from + i,
    date: addMonths(premiere, i),
    montant: i === duree - 1 ? total - engagement * (duree - 1) : engagement,
  }));
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

/**
 * A rescheduling (admin, audited): the instalments already fully paid stay as they are; what
 * remains of the schedule (the partly paid instalment included, so its payment still counts) is
 * spread anew from `premiere`, either over `duree` months or in instalments of `montant`, the last
 * one taking the remainder. The schedule's total never changes: only its pace does.
 */
export function reschedule(
  current: readonly Echeance[],
  paid: number,
  terms: ReschedulingTerms & { premiere: string },
): Echeance[] {
  const { kept, rest, montant, duree } = spread(current, paid, terms);
  if (rest <= 0) return [...current];
  if (duree > DUREE_MAX_MOIS) throw new RangeError(RESCHEDULING_TOO_LONG);
  return [
    ...kept,
    ...buildSchedule({ premiere: terms.premiere, engagement: montant, duree, from: kept.length + 1, total: rest }),
  ];
}

/** A rescheduling's new pace: a duration or a monthly amount. */
export interface ReschedulingTerms {
  duree?: number | undefined;
  montant?: number | undefined;
}

/** The longest a schedule runs, in months: the longest duration a form takes. */
export const DUREE_MAX_MOIS = 600;
export const RESCHEDULING_TOO_LONG = `Ce montant mensuel étalerait le reste sur plus de ${DUREE_MAX_MOIS} mois\u00a0: choisissez un montant plus élevé`;

/**
 * How many instalments a rescheduling would make of what remains (0 when nothing does): a monthly
 * amount too small for DUREE_MAX_MOIS is refused before a schedule of millions of rows is built.
 */
export function reschedulingLength(current: readonly Echeance[], paid: number, terms: ReschedulingTerms): number {
  const { rest, duree } = spread(current, paid, terms);
  return rest <= 0 ? 0 : duree;
}

/** The fully paid instalments kept, what remains, and its new monthly amount and count. */
function spread(current: readonly Echeance[], paid: number, terms: ReschedulingTerms) {
  const kept: Echeance[] = [];
  let covered = 0;
  for (const e of current) {
    if (covered + e.montant > paid) break;
    covered += e.montant;
    kept.push(e);
  }
  const rest = current.reduce((sum, e) => sum + e.montant, 0) - covered;
  if (terms.montant === undefined && terms.duree === undefined) throw new Error('reschedule: duree or montant');
  const montant = terms.montant ?? Math.ceil(rest / (terms.duree as number));
  return { kept, rest, montant, duree: Math.ceil(rest / montant) };
}

/** Ageing buckets of arrears, in days since the oldest unpaid due date (Fineract's delinquency buckets). */
export const TRANCHES_RETARD = ['1-30', '31-60', '61-90', '90+'] as const;
export type TrancheRetard = (typeof TRANCHES_RETARD)[number];

export const TRANCHE_LABELS: Record<TrancheRetard, string> = {
  '1-30': '1 à 30 jours',
  '31-60': '31 à 60 jours',
  '61-90': '61 à 90 jours',
  '90+': 'Plus de 90 jours',
};

export function trancheRetard(jours: number): TrancheRetard {
  if (jours <= 30) return '1-30';
  if (jours <= 60) return '31-60';
  if (jours <= 90) return '61-90';
  return '90+';
}

/** The days a tranche covers, as bounds on the days late: [min, max] (max null: no bound). */
export const TRANCHE_JOURS: Record<TrancheRetard, [number, number | null]> = {
  '1-30': [1, 30],
  '31-60': [31, 60],
  '61-90': [61, 90],
  '90+': [91, null],
};

export interface Retard {
  /** What is overdue: the unpaid part of the late instalments. */
  montant: number;
  /** The oldest late instalment's due date. */
  depuis: string;
  jours: number;
  tranche: TrancheRetard;
  /** Late-payment penalty, apart from the principal: `taux` % of each late instalment's unpaid part per month (started) late. */
  penalite: number;
}

/**
 * Where a settled schedule stands on `today`: its arrears (null when none is late) with the penalty
 * at `taux` % a month (0: off, the default).
 */
export function retardDe(echeances: readonly EcheanceReglee[], today: string, taux = 0): Retard | null {
  const late = echeances.filter((e) => e.statut === 'en_retard');
  const oldest = late[0];
  if (!oldest) return null;
  const jours = daysBetween(oldest.date, today);
  // Basis points keep the sum in whole numbers.
  const bp = Math.round(taux * 100);
  const penalite = late.reduce(
    (sum, e) => sum + Math.floor((e.reste * bp * Math.ceil(daysBetween(e.date, today) / 30)) / 10_000),
    0,
  );
  return {
    montant: late.reduce((sum, e) => sum + e.reste, 0),
    depuis: oldest.date,
    jours,
    tranche: trancheRetard(jours),
    penalite,
  };
}
