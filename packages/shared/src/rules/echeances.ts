/**
 * Where a member stands against his instalments (issue 14, the basis issue 15 stores as rows):
 * `duree` monthly instalments of `engagement` FCFA, the i-th due i months after the start date (the
 * month after validation), on the start's day or the month's last day when shorter, as PostgreSQL's
 * `date + interval 'i months'`. Payments settle the oldest instalment first.
 */
export interface InstalmentTerms {
  /** YYYY-MM-DD: the member's inscription (the demande's validation). */
  start: string;
  engagement: number;
  duree: number;
  paid: number;
  /** YYYY-MM-DD, in the company's time zone. */
  today: string;
}

export interface Instalment {
  numero: number;
  date: string;
  /** What is left to pay on it. */
  montant: number;
}

export interface InstalmentPosition {
  /** Instalments whose due day has passed. */
  dues: number;
  /** The next instalment (due today or later), with what is left to pay on it; null once all are past or paid. */
  next: Instalment | null;
  /** Unpaid amount of the instalments already due, since the oldest of them; null when up to date. */
  arrears: { montant: number; depuis: string; jours: number } | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The i-th due date of a schedule starting on `start`. */
export function dueDate(start: string, i: number): string {
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const monthIndex = month - 1 + i;
  const y = year + Math.floor(monthIndex / 12);
  const m = monthIndex % 12;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return `${y}-${pad(m + 1)}-${pad(Math.min(day, lastDay))}`;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function instalmentPosition({ start, engagement, duree, paid, today }: InstalmentTerms): InstalmentPosition {
  if (engagement <= 0 || duree <= 0) return { dues: 0, next: null, arrears: null };
  let dues = 0;
  // Late from the day after the due day, as the schedule's 'en_retard' (rules/echeancier.ts).
  while (dues < duree && dueDate(start, dues + 1) < today) dues += 1;

  const overdue = engagement * dues - paid;
  // The oldest instalment not fully paid (payments settle the oldest first).
  const oldestUnpaid = Math.floor(paid / engagement) + 1;
  const arrears =
    overdue > 0
      ? {
          montant: overdue,
          depuis: dueDate(start, oldestUnpaid),
          jours: daysBetween(dueDate(start, oldestUnpaid), today),
        }
      : null;

  const numero = Math.max(dues + 1, oldestUnpaid);
  const next =
    numero <= duree
      ? {
          numero,
          date: dueDate(start, numero),
          montant: engagement * numero - Math.max(paid, engagement * (numero - 1)),
        }
      : null;
  return { dues, next, arrears };
}
