import { formatFileSize, NBSP, type Sauvegarde } from '@app/shared';

const pad = (n: number) => String(n).padStart(2, '0');

/** How long a backup took: "42 s", "1 min 05 s", "1 h 02 min"; '–' while it runs. */
export function formatDuree({ debut, fin }: Pick<Sauvegarde, 'debut' | 'fin'>): string {
  if (!fin) return '–';
  const ms = Date.parse(fin) - Date.parse(debut);
  if (!Number.isFinite(ms) || ms < 0) return '–';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}${NBSP}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}${NBSP}min ${pad(seconds % 60)}${NBSP}s`;
  return `${Math.floor(minutes / 60)}${NBSP}h ${pad(minutes % 60)}${NBSP}min`;
}

/** "12,4 Mo"; '–' before the file is written. */
export function formatTaille(taille: number | null): string {
  return taille === null ? '–' : formatFileSize(taille);
}

/** A backup's status badge colour: verified green, failed red, running blue. */
export const STATUT_COLORS: Record<Sauvegarde['statut'], string> = {
  verifiee: 'green',
  echec: 'red',
  en_cours: 'blue',
};
