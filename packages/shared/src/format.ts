/**
 * French formatting and typography: money, numbers, dates and the text helpers, for the web
 * app, the server's messages and its e-mails alike.
 *
 * The typographic rule, applied to every text a user reads:
 * - U+00A0 (no-break space) before ':', between a number and its unit ('50 000 FCFA',
 *   '120 m²', '2,4 Mo', '15 min') and inside « »;
 * - U+202F (narrow no-break space) before ';', '!' and '?', and between groups of digits
 *   (the separator Intl's fr-FR gives, which amount inputs reuse);
 * - ’ as the apostrophe, – (en dash) in ranges and between the parts of a summary line,
 *   'e-mail' and 'E-mail', never 'email'.
 * Source strings hold these characters as they are; packages/shared/test/typography.test.ts
 * fails on a text that breaks the rule.
 */
export const NBSP = '\u00a0';
export const NNBSP = '\u202f';

const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** The digit-group separator of fr-FR amounts (U+202F in current engines), for inputs to match the text. */
export const DIGIT_GROUP = integer.formatToParts(1000).find((part) => part.type === 'group')?.value ?? NNBSP;

/** What follows an amount, in text and in amount inputs alike. */
export const FCFA_SUFFIX = `${NBSP}FCFA`;

/** Puts the rule's no-break spaces before : ; ! ? in a text written elsewhere (zod's French messages). */
export function frenchSpacing(text: string): string {
  return text.replace(/[ \u00a0\u202f]+:/g, `${NBSP}:`).replace(/[ \u00a0\u202f]+([;!?])/g, `${NNBSP}$1`);
}

function toNumber(value: number | string | null | undefined): number {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** "1 250 000", "85,5": French grouping, up to two decimals. Accepts numeric strings (SQL numeric). */
export function formatNumber(value: number | string | null | undefined): string {
  return decimal.format(toNumber(value));
}

/** French style, no decimals, never split across lines: "25 000 000 FCFA". */
export function formatFCFA(amount: number | string | null | undefined): string {
  return `${integer.format(toNumber(amount))}${FCFA_SUFFIX}`;
}

/** A signed sum: '+ 150 000 FCFA', '− 2 500 FCFA'; zero has no sign: '0 FCFA'. */
export function formatFCFASigne(amount: number): string {
  return amount === 0 ? formatFCFA(0) : `${amount < 0 ? '−' : '+'}${NBSP}${formatFCFA(Math.abs(amount))}`;
}

/** "75 000 FCFA/m²" */
export function formatPricePerM2(amount: number | string | null | undefined): string {
  return `${formatFCFA(amount)}/m²`;
}

/** "120 m²", "85,5 m²" (decimals kept: areas may be decimal). */
export function formatSurface(value: number | string | null | undefined): string {
  return `${formatNumber(value)}${NBSP}m²`;
}

/** "2,4 Mo", "350 Ko" */
export function formatFileSize(bytes: number): string {
  const megabytes = Math.round((bytes / (1024 * 1024)) * 10) / 10;
  if (bytes >= 1024 * 1024) return `${formatNumber(megabytes)}${NBSP}Mo`;
  return `${integer.format(Math.max(1, Math.round(bytes / 1024)))}${NBSP}Ko`;
}

/** "3 chambres", "1 salon" */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${integer.format(count)} ${count > 1 ? pluralForm : singular}`;
}

/** "39 demandes", or "plus de 200 demandes" when a search counted its matches only up to a cap. */
export function pluralTotal(
  pagination: { total: number; totalExact?: boolean },
  singular: string,
  pluralForm = `${singular}s`,
): string {
  const text = plural(pagination.total, singular, pluralForm);
  return pagination.totalExact === false ? `plus de ${text}` : text;
}

/** A list's summary line: "Page 1 sur 4 – 39 demandes" (en dash between the parts). */
export function pageSummary(page: number, totalPages: number, count?: string): string {
  const pages = `Page ${page} sur ${totalPages}`;
  return count ? `${pages} – ${count}` : pages;
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

/** 22/11/2026 14:05, in the browser's time zone or the one given (the company's, for a schedule). */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  const date = value ? toDate(value) : null;
  return date
    ? `${date.toLocaleDateString('fr-FR', { timeZone })} ${date.toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone })}`
    : '';
}

/** Relative time (spec 1 §9): minutes under 60, hours under 24, 'Hier', days under 7, then a date. */
export function formatRelative(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return 'À l’instant';
  if (minutes < 60) return `Il y a ${minutes}${NBSP}min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Il y a ${hours}${NBSP}h`;
  const days = Math.floor(hours / 24);
  if (days === 1) return 'Hier';
  if (days < 7) return `Il y a ${days} jours`;
  return formatDate(date);
}

/** Initials of first and last name for avatars. */
export function initials(prenom: string | null | undefined, nom: string | null | undefined): string {
  return `${(prenom ?? '').trim().charAt(0)}${(nom ?? '').trim().charAt(0)}`.toUpperCase() || '?';
}
