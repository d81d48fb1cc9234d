import { type Lecture, type LigneReleveLue, lireMontant, RELEVE_MESSAGES, type ReleveLu } from '@app/shared';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

type Node = Record<string, unknown>;

const REPEATED = new Set(['Stmt', 'Ntry', 'Bal', 'TxDtls', 'Ustrd', 'NtryDtls']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  // Amounts, references and dates stay text: '00123' is a reference, not 123.
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  isArray: (name) => REPEATED.has(name),
});

const node = (value: unknown): Node | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Node) : undefined;
const list = (value: unknown): Node[] => (Array.isArray(value) ? value.map(node).filter((n) => n !== undefined) : []);
/** A leaf's text, whether it carries attributes (`{ '#text', '@Ccy' }`) or not. */
const text = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value.trim();
  const n = node(value);
  return typeof n?.['#text'] === 'string' ? n['#text'].trim() : undefined;
};
/** `<Dt>` or `<DtTm>` of a date element, as AAAA-MM-JJ. */
const day = (value: unknown): string | undefined => {
  const n = node(value);
  const raw = text(n?.Dt) ?? text(n?.DtTm);
  return raw && /^\d{4}-\d{2}-\d{2}/.test(raw) ? raw.slice(0, 10) : undefined;
};

/** A camt amount ('15000.00', currency in `Ccy`): whole FCFA, or an error's reason. */
function amount(value: unknown): { montant: number } | { raison: string } {
  const raw = text(value) ?? '';
  const currency = node(value)?.['@Ccy'];
  if (typeof currency === 'string' && currency !== 'XOF' && currency !== 'XAF') {
    return { raison: RELEVE_MESSAGES.devise(currency) };
  }
  const montant = lireMontant(raw);
  if (montant === null || montant === undefined || montant <= 0) {
    return { raison: `le montant «\u00a0${raw}\u00a0» n’est pas un montant entier en FCFA` };
  }
  return { montant };
}

/**
 * The booked entries of an ISO 20022 camt.053 statement (BkToCstmrStmt, any version): each `Ntry`
 * with its booking and value dates, direction, amount in XOF or XAF, label (additional information,
 * else the remittance text) and the bank's reference; pending entries are left out. The closing
 * balance is the last statement's CLBD.
 */
export function lireCamt053(xml: string): Lecture<ReleveLu> {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { ok: false, erreur: RELEVE_MESSAGES.xml(valid.err.line) };
  const document = node(node(parser.parse(xml))?.Document);
  const statements = list(node(document?.BkToCstmrStmt)?.Stmt);
  if (statements.length === 0) return { ok: false, erreur: RELEVE_MESSAGES.camt };

  const lignes: LigneReleveLue[] = [];
  let soldeFinal: number | null = null;
  let rank = 0;
  for (const statement of statements) {
    for (const entry of list(statement.Ntry)) {
      rank += 1;
      const refused = (raison: string) => ({ ok: false as const, erreur: RELEVE_MESSAGES.camtEntree(rank, raison) });
      const status = text(node(entry.Sts)?.Cd) ?? text(entry.Sts) ?? 'BOOK';
      if (status !== 'BOOK') continue;
      const date = day(entry.BookgDt) ?? day(entry.ValDt);
      if (!date) return refused('la date de comptabilisation manque');
      const read = amount(entry.Amt);
      if ('raison' in read) return refused(read.raison);
      const direction = text(entry.CdtDbtInd);
      if (direction !== 'CRDT' && direction !== 'DBIT') return refused('le sens (CRDT ou DBIT) manque');
      const details = list(entry.NtryDtls).flatMap((d) => list(d.TxDtls));
      const remittance = details.flatMap((d) =>
        Array.isArray(node(d.RmtInf)?.Ustrd) ? (node(d.RmtInf)?.Ustrd as unknown[]) : [],
      );
      const label = (text(entry.AddtlNtryInf) || remittance.map(text).filter(Boolean).join(' ') || '').replace(
        /\s+/g,
        ' ',
      );
      const reference =
        text(entry.AcctSvcrRef) ||
        text(entry.NtryRef) ||
        details.map((d) => text(node(d.Refs)?.EndToEndId)).find(Boolean);
      lignes.push({
        ligne: rank,
        date_operation: date,
        date_valeur: day(entry.ValDt) ?? null,
        libelle: (label || (direction === 'CRDT' ? 'Crédit' : 'Débit')).slice(0, 500),
        reference: reference ? reference.slice(0, 100) : null,
        sens: direction === 'CRDT' ? 'credit' : 'debit',
        montant: read.montant,
        solde: null,
      });
    }
    const closing = list(statement.Bal).find((b) => text(node(node(b.Tp)?.CdOrPrtry)?.Cd) === 'CLBD');
    if (closing) {
      const read = lireMontant(text(closing.Amt) ?? '');
      if (typeof read === 'number') soldeFinal = text(closing.CdtDbtInd) === 'DBIT' ? -read : read;
    }
  }
  if (lignes.length === 0) return { ok: false, erreur: RELEVE_MESSAGES.vide };
  return { ok: true, value: { lignes, solde_final: soldeFinal } };
}
