import { z } from 'zod';
import { pageQuerySchema } from './api.ts';

/**
 * Reminder e-mails of the instalments (issue 15, docs/decisions/0019-rappels.md): seven days and
 * one day before a due date, three days after a missed one; each send recorded on the member's file.
 */
export const TYPES_RAPPEL = ['J-7', 'J-1', 'J+3'] as const;
export type TypeRappel = (typeof TYPES_RAPPEL)[number];

export const TYPE_RAPPEL_LABELS: Record<TypeRappel, string> = {
  'J-7': 'Rappel J-7',
  'J-1': 'Rappel J-1',
  'J+3': 'Relance J+3',
};

/**
 * When each reminder may go, in days from today to the due date (negative: after it). A reminder
 * goes on its day; a server stopped that day sends it at its next run while it still makes sense
 * (a J-7 until two days before, when the J-1 takes over; a J-1 on the due date itself; a J+3 for a
 * week), never for a date it no longer fits.
 */
export const FENETRES_RAPPEL: Record<TypeRappel, { from: number; to: number }> = {
  'J-7': { from: 2, to: 7 },
  'J-1': { from: 0, to: 1 },
  'J+3': { from: -9, to: -3 },
};

/**
 * A send's state: `en_cours` while the mail server is asked (a server stopped right then leaves it
 * so: it may have gone, it is never sent again), `envoye`, or `echec` (tried again at the job's next
 * runs while the reminder still fits, RAPPEL_TENTATIVES times in all).
 */
export const STATUTS_RAPPEL = ['en_cours', 'envoye', 'echec'] as const;
export type StatutRappel = (typeof STATUTS_RAPPEL)[number];

export const STATUT_RAPPEL_LABELS: Record<StatutRappel, string> = {
  en_cours: 'En cours',
  envoye: 'Envoyé',
  echec: 'Échec',
};

/** Attempts of one reminder, the first included. */
export const RAPPEL_TENTATIVES = 3;

export const rappelSchema = z.object({
  id: z.number().int(),
  type_rappel: z.enum(TYPES_RAPPEL),
  /** The instalment's due date (YYYY-MM-DD). */
  date_echeance: z.string(),
  /** The instalment's number in the schedule version it was sent for. */
  numero: z.number().int(),
  /** What remained to pay on the instalment when it was sent, whole FCFA. */
  montant: z.number(),
  email: z.string(),
  statut: z.enum(STATUTS_RAPPEL),
  tentatives: z.number().int(),
  /** ISO time of the (last) attempt. */
  sent_at: z.string(),
});
export type Rappel = z.infer<typeof rappelSchema>;

/** GET /membres/:id/rappels: newest first, a page. */
export const rappelListQuerySchema = pageQuerySchema.pick({ page: true, limit: true }).extend({
  limit: pageQuerySchema.shape.limit.default(10),
});
export type RappelListQuery = z.infer<typeof rappelListQuerySchema>;

export const RAPPEL_MESSAGES = {
  title: 'Rappels envoyés',
  empty: 'Aucun rappel envoyé',
  loadError: 'Erreur lors du chargement des rappels',
} as const;
