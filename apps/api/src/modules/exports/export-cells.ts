import { type ExportCellType, type ExportValue, wallClock as wallClockOf } from '@app/shared';

/** How each export's cell is written, in CSV and in XLSX (the XLSX thread reads these too). */

/**
 * A CSV field: quoted, inner quotes doubled, and text a spreadsheet would run as a formula defused
 * (a phone number such as +225 07 … stays as it is).
 */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=@\t\r]|^[+-](?![\d\s]+$)/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

const DAY_MS = 86_400_000;

/** Per time zone, per UTC day already asked, its offset from UTC (null: it changes that day). */
const offsets = new Map<string, Map<number, number | null>>();

/**
 * An instant as its wall clock in the company's time zone, read through the UTC getters. The
 * zone's offset is asked of Intl (half an export's time when asked per cell) at both ends of the
 * instant's UTC day: the same at both, it holds all day; on a day the clocks change, it is asked
 * for the instant itself.
 */
function wallClock(instant: Date, timeZone: string): Date {
  const offsetAt = (ms: number) => wallClockOf(ms, timeZone) - ms;
  let days = offsets.get(timeZone);
  if (!days) {
    days = new Map();
    offsets.set(timeZone, days);
  }
  const ms = Math.floor(instant.getTime() / 1000) * 1000;
  const day = Math.floor(ms / DAY_MS);
  let offset = days.get(day);
  if (offset === undefined) {
    const first = offsetAt(day * DAY_MS);
    offset = first === offsetAt((day + 1) * DAY_MS - 1000) ? first : null;
    if (days.size >= 100_000) days.clear();
    days.set(day, offset);
  }
  return new Date(ms + (offset ?? offsetAt(ms)));
}

const asDate = (value: ExportValue): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(String(value));

const two = (n: number) => String(n).padStart(2, '0');

/** 'AAAA-MM-JJ' → 'JJ/MM/AAAA', as a French spreadsheet reads a date. */
const frenchDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export function csvCell(type: ExportCellType, value: ExportValue, timeZone: string): string | number | null {
  if (value === null) return null;
  if (type === 'date') return frenchDay(value instanceof Date ? value.toISOString() : String(value));
  if (type === 'dateheure') {
    const date = asDate(value);
    if (!date || Number.isNaN(date.getTime())) return null;
    const w = wallClock(date, timeZone);
    return `${two(w.getUTCDate())}/${two(w.getUTCMonth() + 1)}/${w.getUTCFullYear()} ${two(w.getUTCHours())}:${two(w.getUTCMinutes())}`;
  }
  return value instanceof Date ? value.toISOString() : value;
}

export type XlsxValue = string | number | Date | null;

/** A cell as Excel stores it: a date is its wall-clock day and time (Excel has no time zones). */
export function xlsxCell(type: ExportCellType, value: ExportValue, timeZone: string): XlsxValue {
  if (value === null) return null;
  if (type === 'date') {
    const iso = value instanceof Date ? value.toISOString() : String(value);
    return new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))));
  }
  if (type === 'dateheure') {
    const date = asDate(value);
    if (!date || Number.isNaN(date.getTime())) return null;
    return wallClock(date, timeZone);
  }
  return value;
}

export const NUMBER_FORMATS: Partial<Record<ExportCellType, string>> = {
  montant: '#,##0',
  nombre: '0',
  date: 'dd/mm/yyyy',
  dateheure: 'dd/mm/yyyy hh:mm',
};

export const WIDTHS: Record<ExportCellType, number> = { texte: 24, montant: 16, nombre: 10, date: 12, dateheure: 17 };
