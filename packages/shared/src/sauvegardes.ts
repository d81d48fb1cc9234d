import { z } from 'zod';
import { pageQuerySchema } from './api.ts';

/**
 * Backups (issue 24, docs/decisions/0023-sauvegardes.md): one file holding the database as SQL,
 * the media, the server secret and a manifest, restored into a scratch database right after it is
 * written to prove it, taken on the settings' schedule or on an admin's demand.
 */
export const FREQUENCES_SAUVEGARDE = ['hourly', 'daily', 'weekly', 'monthly'] as const;
export type FrequenceSauvegarde = (typeof FREQUENCES_SAUVEGARDE)[number];

export const FREQUENCE_SAUVEGARDE_LABELS: Record<FrequenceSauvegarde, string> = {
  hourly: 'Toutes les heures',
  daily: 'Tous les jours',
  weekly: 'Toutes les semaines (le lundi)',
  monthly: 'Tous les mois (le 1er)',
};

/** Backups kept on disk: the newest this many, and always the last verified one. */
export const RETENTION_SAUVEGARDES = { min: 1, max: 365 } as const;

export const DECLENCHEMENTS_SAUVEGARDE = ['planifiee', 'manuelle'] as const;
export type DeclenchementSauvegarde = (typeof DECLENCHEMENTS_SAUVEGARDE)[number];
export const DECLENCHEMENT_SAUVEGARDE_LABELS: Record<DeclenchementSauvegarde, string> = {
  planifiee: 'Planifiée',
  manuelle: 'Manuelle',
};

export const STATUTS_SAUVEGARDE = ['en_cours', 'verifiee', 'echec'] as const;
export type StatutSauvegarde = (typeof STATUTS_SAUVEGARDE)[number];
export const STATUT_SAUVEGARDE_LABELS: Record<StatutSauvegarde, string> = {
  en_cours: 'En cours',
  verifiee: 'Vérifiée',
  echec: 'Échec',
};

/** What a running backup is doing: reading the database, copying the media, restoring it to check it. */
export const ETAPES_SAUVEGARDE = ['base', 'medias', 'verification'] as const;
export type EtapeSauvegarde = (typeof ETAPES_SAUVEGARDE)[number];
export const ETAPE_SAUVEGARDE_LABELS: Record<EtapeSauvegarde, string> = {
  base: 'Lecture de la base de données',
  medias: 'Copie des fichiers',
  verification: 'Vérification par restauration',
};

export const sauvegardeSchema = z.object({
  id: z.number().int(),
  /** ISO times. */
  debut: z.string(),
  fin: z.string().nullable(),
  declenchement: z.enum(DECLENCHEMENTS_SAUVEGARDE),
  statut: z.enum(STATUTS_SAUVEGARDE),
  /** Why it failed, in French. */
  motif: z.string().nullable(),
  /** The file's size in bytes, once written. */
  taille: z.number().int().nullable(),
  chiffree: z.boolean(),
  /** While it runs: its step and how far it is (0–100). */
  etape: z.enum(ETAPES_SAUVEGARDE).nullable(),
  progression: z.number().int().nullable(),
  /** The file's name; null once retention removed it or when it was never written. */
  fichier: z.string().nullable(),
});
export type Sauvegarde = z.infer<typeof sauvegardeSchema>;

export const sauvegardesQuerySchema = pageQuerySchema.pick({ page: true, limit: true });

/**
 * Beside the list: whether BACKUP_KEY is set (the screen says plainly when backups are not
 * encrypted) and when the schedule takes the next one (ISO; null when backups are off).
 */
export const sauvegardesEtatSchema = z.object({ chiffrement: z.boolean(), prochaine: z.string().nullable() });
export type SauvegardesEtat = z.infer<typeof sauvegardesEtatSchema>;

export const SAUVEGARDE_LANCEE = 'Sauvegarde lancée.';

/** Said when a backup is asked while one runs. */
export const SAUVEGARDE_EN_COURS = 'Une sauvegarde est déjà en cours.';
