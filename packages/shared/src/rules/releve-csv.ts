import Papa from 'papaparse';
import { MONTANT_MAX } from '../fields.ts';
import { type ColonnesReleve, RELEVE_COLONNES, RELEVE_MESSAGES, type ReleveColonne } from '../releves-bancaires.ts';

/**
 * How a bank statement is read (decisions 0029): a CSV as French banks export it, its columns
 * recognised by their names, its amounts and dates as banks print them, and each line's identity.
 * The server reads with these rules and the import screen previews with them, so that what the
 * preview shows is what the import keeps.
 */

/** One operation of a statement as read, before it is stored. */
export interface LigneReleveLue {
  /** Its line in the file (CSV) or its rank among the entries (camt.053), for the messages. */
  ligne: number;
  /** AAAA-MM-JJ. */
  date_operation: string;
  date_valeur: string | null;
  libelle: string;
  reference: string | null;
  sens: 'credit' | 'debit';
  /** Whole FCFA, > 0. */
  montant: number;
  solde: number | null;
}

export interface ReleveLu {
  lignes: LigneReleveLue[];
  /** The account's balance at the end of the statement, when the file gives it. */
  solde_final: number | null;
}

export type Lecture<T> = { ok: true; value: T } | { ok: false; erreur: string };

const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, ' ')
    .replace(/[^a-z0-9]+/gi, ' ')
    .trim()
    .toLowerCase();

/** The names French banks give each column (normalised: no accents, no punctuation, lower case). */
const HEADER_NAMES: Record<ReleveColonne, RegExp> = {
  date_valeur: /^(date )?(de )?valeur$|^date val$|^dt valeur$/,
  date: /^(date|date operation|date d operation|date comptable|date de l operation|date op|dt operation)$/,
  libelle:
    /^(libelle|libelle operation|libelle de l operation|libelles|description|designation|operation|nature de l operation|intitule)$/,
  reference: /^(reference|ref|references|n piece|numero de piece|piece|numero d operation|n operation)$/,
  debit: /^(debit|debits|montant debit|debit fcfa|debit xof|debit xaf|sortie|sorties)$/,
  credit: /^(credit|credits|montant credit|credit fcfa|credit xof|credit xaf|entree|entrees)$/,
  montant: /^(montant|montant fcfa|montant xof|montant xaf|montant signe)$/,
  solde: /^(solde|solde fcfa|solde xof|solde xaf|solde apres operation|nouveau solde)$/,
};

/** Each kind of column found among `entetes` by its name, in any order and case. */
export function reconnaitreColonnes(entetes: readonly string[]): ColonnesReleve {
  const colonnes: ColonnesReleve = {};
  for (const entete of entetes) {
    const key = normalise(entete);
    const kind = RELEVE_COLONNES.find((c) => colonnes[c] === undefined && HEADER_NAMES[c].test(key));
    if (kind) colonnes[kind] = entete;
  }
  return colonnes;
}

/** Whether the columns say enough to read a statement: a date, a label, and a signed amount or debit and credit. */
export function colonnesCompletes(colonnes: ColonnesReleve): boolean {
  return (
    colonnes.date !== undefined &&
    colonnes.libelle !== undefined &&
    (colonnes.montant !== undefined || (colonnes.debit !== undefined && colonnes.credit !== undefined))
  );
}

/**
 * The columns a CSV statement is read with when none are sent: the bank's remembered ones when the
 * file has them all, else those recognised by their names (the preview and the server agree).
 */
export function colonnesRetenues(entetes: readonly string[], remembered: ColonnesReleve | null): ColonnesReleve {
  const fits = remembered !== null && Object.values(remembered).every((name) => entetes.includes(name ?? ''));
  return fits && colonnesCompletes(remembered) ? remembered : reconnaitreColonnes(entetes);
}

/** A statement's bytes as text: UTF-8 (its BOM dropped), else Windows-1252, as older French exports are. */
export function decoderReleve(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Whether a statement is XML (camt.053) rather than CSV: its first non-blank character opens a tag. */
export function estReleveXml(text: string): boolean {
  return /^\s*</.test(text.replace(/^\ufeff/, ''));
}

export interface TableauReleve {
  separateur: string;
  /** Every line of the file as cells, blank lines kept so that an index + 1 is a line number. */
  lignes: string[][];
  /** The header line's index, and its cells. */
  entete: number;
  entetes: string[];
}

const blank = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

/**
 * The file's lines as cells (`;`, `,` or tab, as the file uses) and its header: the first line with
 * a recognised date column, else the first line as wide as the widest (a preamble of account details
 * is shorter than the table).
 */
export function lireTableau(text: string): Lecture<TableauReleve> {
  const parsed = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), {
    delimitersToGuess: [';', ',', '\t'],
    skipEmptyLines: false,
  });
  const lignes = parsed.data.map((row) => row.map((cell) => cell.trim()));
  const filled = lignes.filter((row) => !blank(row));
  if (filled.length === 0) return { ok: false, erreur: RELEVE_MESSAGES.vide };
  const head = lignes.slice(0, 30);
  let entete = head.findIndex((row) => reconnaitreColonnes(row).date !== undefined);
  if (entete < 0) {
    const widest = Math.max(...filled.map((row) => row.filter((c) => c !== '').length));
    entete = lignes.findIndex((row) => row.filter((c) => c !== '').length === widest);
  }
  const entetes = lignes[entete] ?? [];
  if (entetes.filter((c) => c !== '').length < 2) return { ok: false, erreur: RELEVE_MESSAGES.entete };
  return { ok: true, value: { separateur: parsed.meta.delimiter, lignes, entete, entetes } };
}

/**
 * A whole amount in FCFA as banks print it: '1 234 567', '1.234.567', '1234567,00', '-15 000',
 * '15 000-', '(15 000)'. Undefined for an empty cell, null for anything else (or centimes).
 */
export function lireMontant(raw: string): number | null | undefined {
  let s = raw.replace(/[\s\u00a0\u202f]/g, '').replace(/(F?CFA|XOF|XAF|F)$/i, '');
  if (s === '') return undefined;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  } else if (/^[-−+]/.test(s)) {
    negative = s[0] !== '+';
    s = s.slice(1);
  } else if (/-$/.test(s)) {
    negative = true;
    s = s.slice(0, -1);
  }
  let units: string;
  let decimals = '';
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) {
    [units = '', decimals = ''] = s.replace(/\./g, '').split(',');
  } else if (/^\d+(,\d+)?$/.test(s)) {
    [units = '', decimals = ''] = s.split(',');
  } else if (/^\d+\.\d{1,2}$/.test(s)) {
    [units = '', decimals = ''] = s.split('.');
  } else {
    return null;
  }
  if (/[1-9]/.test(decimals)) return null;
  const value = Number(units);
  if (!Number.isSafeInteger(value) || value > MONTANT_MAX) return null;
  return negative ? -value : value;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** 'JJ/MM/AAAA' (or with '-' or '.', or a two-digit year, or 'AAAA-MM-JJ') as 'AAAA-MM-JJ'; null if not a date. */
export function lireDate(raw: string): string | null {
  const s = raw.trim();
  let day: number;
  let month: number;
  let year: number;
  const fr = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/.exec(s);
  if (fr) {
    day = Number(fr[1]);
    month = Number(fr[2]);
    year = Number(fr[3]);
    if (fr[3]?.length === 2) year += 2000;
  } else if (iso) {
    year = Number(iso[1]);
    month = Number(iso[2]);
    day = Number(iso[3]);
  } else {
    return null;
  }
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const max = month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 0);
  if (year < 1990 || year > 2200 || day < 1 || day > max) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Lines that close a statement rather than record an operation: its totals and balances. */
const SUMMARY_LINE = /^(total|totaux|sous total|solde|nouveau solde|ancien solde|report)/;

/**
 * The operations of a CSV statement read with `colonnes` (each kind's header). A line with no date
 * and no amount (a blank, a label continued) or a totals line is skipped; anything else that does
 * not read is refused with its line number, so that nothing of a wrong file is kept.
 */
export function lireReleveCsv(tableau: TableauReleve, colonnes: ColonnesReleve): Lecture<ReleveLu> {
  if (!colonnesCompletes(colonnes)) return { ok: false, erreur: RELEVE_MESSAGES.colonnesIncompletes };
  const index: Partial<Record<ReleveColonne, number>> = {};
  for (const kind of RELEVE_COLONNES) {
    const name = colonnes[kind];
    if (name === undefined) continue;
    const i = tableau.entetes.indexOf(name);
    if (i < 0) return { ok: false, erreur: RELEVE_MESSAGES.colonneAbsente(name) };
    index[kind] = i;
  }
  const cell = (row: readonly string[], kind: ReleveColonne) => {
    const i = index[kind];
    return i === undefined ? '' : (row[i] ?? '');
  };

  const lignes: LigneReleveLue[] = [];
  for (let i = tableau.entete + 1; i < tableau.lignes.length; i++) {
    const row = tableau.lignes[i] ?? [];
    const n = i + 1;
    const dateText = cell(row, 'date');
    const amounts = [cell(row, 'montant'), cell(row, 'debit'), cell(row, 'credit')];
    if (dateText === '' && amounts.every((a) => a === '')) continue;
    if (
      SUMMARY_LINE.test(normalise(dateText)) ||
      (dateText === '' && SUMMARY_LINE.test(normalise(cell(row, 'libelle'))))
    ) {
      continue;
    }
    const date = lireDate(dateText);
    if (!date) return { ok: false, erreur: RELEVE_MESSAGES.date(n, dateText) };
    const valeurText = cell(row, 'date_valeur');
    const dateValeur = valeurText === '' ? null : lireDate(valeurText);
    if (dateValeur === null && valeurText !== '') return { ok: false, erreur: RELEVE_MESSAGES.date(n, valeurText) };

    let signed: number;
    if (index.montant !== undefined && (cell(row, 'montant') !== '' || index.debit === undefined)) {
      const m = lireMontant(cell(row, 'montant'));
      if (m === null) return { ok: false, erreur: RELEVE_MESSAGES.montant(n, cell(row, 'montant')) };
      if (m === undefined || m === 0) return { ok: false, erreur: RELEVE_MESSAGES.sansMontant(n) };
      signed = m;
    } else {
      const debit = lireMontant(cell(row, 'debit'));
      const credit = lireMontant(cell(row, 'credit'));
      if (debit === null) return { ok: false, erreur: RELEVE_MESSAGES.montant(n, cell(row, 'debit')) };
      if (credit === null) return { ok: false, erreur: RELEVE_MESSAGES.montant(n, cell(row, 'credit')) };
      const d = Math.abs(debit ?? 0);
      const c = Math.abs(credit ?? 0);
      if (d > 0 && c > 0) return { ok: false, erreur: RELEVE_MESSAGES.debitEtCredit(n) };
      if (d === 0 && c === 0) return { ok: false, erreur: RELEVE_MESSAGES.sansMontant(n) };
      signed = c > 0 ? c : -d;
    }
    const soldeText = cell(row, 'solde');
    const solde = lireMontant(soldeText);
    if (solde === null) return { ok: false, erreur: RELEVE_MESSAGES.solde(n, soldeText) };

    const libelle = cell(row, 'libelle').replace(/\s+/g, ' ');
    if (libelle === '') return { ok: false, erreur: RELEVE_MESSAGES.libelle(n) };
    if (libelle.length > 500) return { ok: false, erreur: RELEVE_MESSAGES.tropLong(n) };
    const reference = cell(row, 'reference').replace(/\s+/g, ' ');
    lignes.push({
      ligne: n,
      date_operation: date,
      date_valeur: dateValeur,
      libelle,
      reference: reference === '' ? null : reference.slice(0, 100),
      sens: signed > 0 ? 'credit' : 'debit',
      montant: Math.abs(signed),
      solde: solde ?? null,
    });
  }
  if (lignes.length === 0) return { ok: false, erreur: RELEVE_MESSAGES.vide };
  return { ok: true, value: { lignes, solde_final: soldeFinal(lignes) } };
}

/**
 * The balance after the statement's last operation: the last line's when the file runs forward in
 * time, the first's when it runs newest first (as many online exports do).
 */
function soldeFinal(lignes: readonly LigneReleveLue[]): number | null {
  const first = lignes[0];
  const last = lignes[lignes.length - 1];
  if (!first || !last) return null;
  const newestFirst = first.date_operation > last.date_operation;
  return (newestFirst ? first.solde : last.solde) ?? null;
}

/**
 * The key that makes a statement line the same line in any later import: its day, direction,
 * amount, label and reference, and its rank among the identical lines of its own statement (two
 * genuine identical operations on one day are two lines; the same one in an overlapping statement
 * is one).
 */
export function identitesLignes(lignes: readonly LigneReleveLue[]): string[] {
  const seen = new Map<string, number>();
  return lignes.map((l) => {
    const base = [l.date_operation, l.sens, l.montant, l.libelle, l.reference ?? ''].join('\u001f');
    const rank = (seen.get(base) ?? 0) + 1;
    seen.set(base, rank);
    return `${base}\u001f${rank}`;
  });
}

/** The first and last days of a statement's operations. */
export function periodeReleve(lignes: readonly LigneReleveLue[]): { debut: string; fin: string } {
  const days = lignes.map((l) => l.date_operation).sort();
  return { debut: days[0] ?? '', fin: days[days.length - 1] ?? '' };
}
