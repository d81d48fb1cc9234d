import { z } from 'zod';
import { dateField } from './fields.ts';

/**
 * Receipts (reçus) of validated payments, their public verification, and a member's statement
 * (relevé) for a period (issue 15, docs/decisions/0018-recus.md).
 */
export const RECU_MESSAGES = {
  noRecu: 'Ce versement n’a pas de reçu\u00a0: seul un versement validé en a un.',
  notGenuine: 'Reçu non authentique\u00a0: ce code ne correspond à aucun reçu valide.',
  duRequired: 'La date de début est requise',
  auRequired: 'La date de fin est requise',
  periodOrder: 'La date de fin doit être postérieure ou égale à la date de début',
  periodTooLong: 'La période d’un relevé ne peut pas dépasser 5\u00a0ans',
  periodFuture: 'La date de fin ne peut pas dépasser aujourd’hui',
  membreNotFound: 'Membre non trouvé',
  recuError: 'Erreur lors du téléchargement du reçu',
  releveError: 'Erreur lors du téléchargement du relevé',
} as const;

/** A statement covers less than five years from its first day (a contract lasts 60 months at most). */
export const RELEVE_MAX_YEARS = 5;

/** The token of a verification address: base64url, as the server signs it. */
export const recuTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, RECU_MESSAGES.notGenuine),
});

/** What the public verification answers for a genuine receipt, and nothing more. */
export const recuVerificationSchema = z.object({
  authentique: z.literal(true),
  /** REC-2026-000123 */
  numero: z.string(),
  /** ISO date and time of the validation. */
  date_validation: z.string(),
  montant: z.number(),
  /** 'A. K.': the member's initials, first name first. */
  initiales: z.string(),
});
export type RecuVerification = z.infer<typeof recuVerificationSchema>;

/** The same day RELEVE_MAX_YEARS later ('2029-02-29' stands for the end of February, as a bound). */
const limitOf = (du: string) => `${Number(du.slice(0, 4)) + RELEVE_MAX_YEARS}${du.slice(4)}`;

/** GET …/releve?du=YYYY-MM-DD&au=YYYY-MM-DD: both days included. */
export const releveQuerySchema = z
  .object({ du: dateField(RECU_MESSAGES.duRequired), au: dateField(RECU_MESSAGES.auRequired) })
  .superRefine(({ du, au }, ctx) => {
    if (au < du) ctx.addIssue({ code: 'custom', path: ['au'], message: RECU_MESSAGES.periodOrder });
    else if (au >= limitOf(du)) {
      ctx.addIssue({ code: 'custom', path: ['au'], message: RECU_MESSAGES.periodTooLong });
    }
  });
export type ReleveQuery = z.infer<typeof releveQuerySchema>;

/**
 * The month a monthly statement e-mailed on `today` covers: the calendar month before today's,
 * from its first to its last day, and its French name ('novembre 2026').
 */
export function releveMensuelPeriode(today: string): ReleveQuery & { mois: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return {
    du: first.toISOString().slice(0, 10),
    au: last.toISOString().slice(0, 10),
    mois: first.toLocaleDateString('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  };
}
