const fcfa = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** French style, no decimals: "25 000 000 FCFA". Accepts numbers and numeric strings (SQL numeric). */
export function formatFCFA(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return `${fcfa.format(Number.isFinite(value) ? value : 0)} FCFA`;
}

export function formatPricePerM2(amount: number | string | null | undefined): string {
  return `${formatFCFA(amount).replace(/ FCFA$/, '')} FCFA/m²`;
}

/** A bare 'YYYY-MM-DD' is a calendar date (a birth date): read in local time, never shifted a day. */
function toDate(value: string | Date): Date | null {
  const calendar = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  const date = calendar
    ? new Date(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3]))
    : value instanceof Date
      ? value
      : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** YYYY-MM-DD of a local date (not through UTC, which shifts it by a day near midnight). */
export function localIsoDate(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 22/11/2026 */
export function formatDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? date.toLocaleDateString('fr-FR') : '';
}

/** dimanche 22 novembre 2026 */
export function formatLongDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date
    ? date.toLocaleDateString('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
    : '';
}

/** 22/11/2026 14:05 */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date
    ? `${date.toLocaleDateString('fr-FR')} ${date.toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' })}`
    : '';
}

/** Relative time (spec 1 §9): minutes under 60, hours under 24, 'Hier', days under 7, then a date. */
export function formatRelative(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return "À l'instant";
  if (minutes < 60) return `Il y a ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Il y a ${hours} h`;
  const days = Math.floor(hours / 24);
  if (days === 1) return 'Hier';
  if (days < 7) return `Il y a ${days} jours`;
  return formatDate(date);
}

/** Initials of first and last name for avatars. */
export function initials(prenom: string | null | undefined, nom: string | null | undefined): string {
  return `${(prenom ?? '').trim().charAt(0)}${(nom ?? '').trim().charAt(0)}`.toUpperCase() || '?';
}
