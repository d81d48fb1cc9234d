import { describe, expect, it } from 'vitest';
import {
  colonnesCompletes,
  decoderReleve,
  identitesLignes,
  type LigneReleveLue,
  lireDate,
  lireMontant,
  lireReleveCsv,
  lireTableau,
  periodeReleve,
  RELEVE_MESSAGES,
  reconnaitreColonnes,
} from '../src/index.ts';

/** Reads a CSV text with the columns recognised from its header. */
function read(text: string) {
  const tableau = lireTableau(text);
  if (!tableau.ok) return tableau;
  return lireReleveCsv(tableau.value, reconnaitreColonnes(tableau.value.entetes));
}

describe('amounts as French banks print them', () => {
  it.each([
    ['1 234 567', 1_234_567],
    ['1\u00a0234\u202f567', 1_234_567],
    ['1.234.567', 1_234_567],
    ['1.234.567,00', 1_234_567],
    ['1234567,00', 1_234_567],
    ['1500.00', 1500],
    ['1.500', 1500],
    ['-15 000', -15_000],
    ['15 000-', -15_000],
    ['(15 000)', -15_000],
    ['+250', 250],
    ['25 000 FCFA', 25_000],
    ['0', 0],
  ])('%s is %d FCFA', (raw, expected) => {
    expect(lireMontant(raw)).toBe(expected);
  });

  it('an empty cell is no amount; centimes, letters and English thousands are refused', () => {
    expect(lireMontant('  ')).toBeUndefined();
    for (const raw of ['12,50', '1,234', 'mille', '1.23.4', '12 34a', '1e5']) expect(lireMontant(raw), raw).toBeNull();
  });
});

describe('dates', () => {
  it('reads JJ/MM/AAAA and its variants as AAAA-MM-JJ, and refuses impossible days', () => {
    expect(lireDate('05/11/2026')).toBe('2026-11-05');
    expect(lireDate('5-11-2026')).toBe('2026-11-05');
    expect(lireDate('05.11.26')).toBe('2026-11-05');
    expect(lireDate('2026-11-05')).toBe('2026-11-05');
    expect(lireDate('29/02/2028')).toBe('2028-02-29');
    for (const raw of ['29/02/2026', '31/04/2026', '00/01/2026', '12/13/2026', 'hier', '']) {
      expect(lireDate(raw), raw).toBeNull();
    }
  });
});

describe('columns recognised from the header', () => {
  it('in any order, case and accents', () => {
    expect(
      reconnaitreColonnes([
        'CRÉDIT',
        'Libellé opération',
        'date opération',
        'Débit',
        'Date de valeur',
        'Solde',
        'Réf.',
      ]),
    ).toEqual({
      credit: 'CRÉDIT',
      libelle: 'Libellé opération',
      date: 'date opération',
      debit: 'Débit',
      date_valeur: 'Date de valeur',
      solde: 'Solde',
      reference: 'Réf.',
    });
    expect(colonnesCompletes(reconnaitreColonnes(['Date', 'Libellé', 'Montant']))).toBe(true);
    expect(colonnesCompletes(reconnaitreColonnes(['Date', 'Libellé', 'Débit']))).toBe(false);
    expect(colonnesCompletes(reconnaitreColonnes(['Jour', 'Texte', 'Somme']))).toBe(false);
  });
});

describe('a CSV statement', () => {
  it('with separate Débit and Crédit columns, `;`, a preamble and a totals line', () => {
    const text = [
      'Compte courant N° 012345678;;;;',
      'Période du 01/11/2026 au 30/11/2026;;;;',
      '',
      'Date;Libellé;Référence;Débit;Crédit;Solde',
      '03/11/2026;VIR KOUASSI AMA REF VRS-2026-0001;R1;;150 000;1 150 000',
      '04/11/2026;"FRAIS ; TENUE DE COMPTE";;2 500;;1 147 500',
      '',
      'Total;;;2 500;150 000;',
    ].join('\r\n');
    const result = read(text);
    expect(result).toEqual({
      ok: true,
      value: {
        solde_final: 1_147_500,
        lignes: [
          {
            ligne: 5,
            date_operation: '2026-11-03',
            date_valeur: null,
            libelle: 'VIR KOUASSI AMA REF VRS-2026-0001',
            reference: 'R1',
            sens: 'credit',
            montant: 150_000,
            solde: 1_150_000,
          },
          {
            ligne: 6,
            date_operation: '2026-11-04',
            date_valeur: null,
            libelle: 'FRAIS ; TENUE DE COMPTE',
            reference: null,
            sens: 'debit',
            montant: 2500,
            solde: 1_147_500,
          },
        ],
      },
    });
  });

  it('with one signed Montant column, `,` separated, newest line first', () => {
    const text =
      'Montant,Date,Libelle,Solde\n"-10.000",05/11/2026,RETRAIT DAB,990.000\n"1.000.000",01/11/2026,VERSEMENT,1.000.000\n';
    const result = read(text);
    expect(result.ok && result.value.lignes.map((l) => [l.sens, l.montant])).toEqual([
      ['debit', 10_000],
      ['credit', 1_000_000],
    ]);
    // The newest line's balance closes a statement written newest first.
    expect(result.ok && result.value.solde_final).toBe(990_000);
    expect(result.ok && periodeReleve(result.value.lignes)).toEqual({ debut: '2026-11-01', fin: '2026-11-05' });
  });

  it('in Windows-1252, as older exports are', () => {
    const bytes = Uint8Array.from([
      ...Buffer.from('Date;Libell', 'latin1'),
      0xe9,
      ...Buffer.from(';Montant\r\n02/11/2026;Pr', 'latin1'),
      0xea,
      ...Buffer.from('t immobilier;-5000\r\n', 'latin1'),
    ]);
    const result = read(decoderReleve(bytes));
    expect(result.ok && result.value.lignes[0]?.libelle).toBe('Prêt immobilier');
    // UTF-8's byte order mark is dropped.
    expect(decoderReleve(new TextEncoder().encode('\ufeffDate;Libellé'))).toBe('Date;Libellé');
  });

  it('refuses a wrong line, naming it, and a file without operations', () => {
    const head = 'Date;Libellé;Débit;Crédit\n';
    expect(read(`${head}03/11/2026;A;;100\n31/11/2026;B;;100\n`)).toEqual({
      ok: false,
      erreur: RELEVE_MESSAGES.date(3, '31/11/2026'),
    });
    expect(read(`${head}03/11/2026;A;;100,50\n`)).toEqual({ ok: false, erreur: RELEVE_MESSAGES.montant(2, '100,50') });
    expect(read(`${head}03/11/2026;A;;\n`)).toEqual({ ok: false, erreur: RELEVE_MESSAGES.sansMontant(2) });
    expect(read(`${head}03/11/2026;A;5;5\n`)).toEqual({ ok: false, erreur: RELEVE_MESSAGES.debitEtCredit(2) });
    expect(read(`${head}03/11/2026;;;5\n`)).toEqual({ ok: false, erreur: RELEVE_MESSAGES.libelle(2) });
    expect(read(head)).toEqual({ ok: false, erreur: RELEVE_MESSAGES.vide });
    expect(read('')).toEqual({ ok: false, erreur: RELEVE_MESSAGES.vide });
    expect(read('Jour;Texte;Somme\n03/11/2026;A;5\n')).toEqual({
      ok: false,
      erreur: RELEVE_MESSAGES.colonnesIncompletes,
    });
  });

  it('reads with columns chosen by hand when the header names none', () => {
    const tableau = lireTableau('Jour;Texte;Somme\n03/11/2026;Dépôt;5 000\n');
    expect(tableau.ok).toBe(true);
    if (!tableau.ok) return;
    expect(tableau.value.entetes).toEqual(['Jour', 'Texte', 'Somme']);
    const result = lireReleveCsv(tableau.value, { date: 'Jour', libelle: 'Texte', montant: 'Somme' });
    expect(result.ok && result.value.lignes[0]).toMatchObject({ sens: 'credit', montant: 5000, libelle: 'Dépôt' });
    expect(lireReleveCsv(tableau.value, { date: 'Jour', libelle: 'Nom', montant: 'Somme' })).toEqual({
      ok: false,
      erreur: RELEVE_MESSAGES.colonneAbsente('Nom'),
    });
  });
});

describe('a line’s identity', () => {
  const line = (overrides: Partial<LigneReleveLue> = {}): LigneReleveLue => ({
    ligne: 1,
    date_operation: '2026-11-03',
    date_valeur: null,
    libelle: 'VIR',
    reference: null,
    sens: 'credit',
    montant: 1000,
    solde: null,
    ...overrides,
  });

  it('counts identical lines of one statement apart, and is the same in another statement', () => {
    const first = identitesLignes([line(), line({ ligne: 2 }), line({ ligne: 3, montant: 2000 })]);
    expect(new Set(first).size).toBe(3);
    // An overlapping statement with the same two identical lines gives the same identities.
    const second = identitesLignes([line({ ligne: 7, solde: 5 }), line({ ligne: 8 })]);
    expect(second).toEqual(first.slice(0, 2));
    // Only the day, direction, amount, label and reference make it.
    expect(identitesLignes([line({ sens: 'debit' })])[0]).not.toBe(first[0]);
  });
});
