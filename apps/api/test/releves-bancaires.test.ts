import { type Banque, type LigneReleve, RELEVE_MESSAGES, type ReleveImport, type Role } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './catalogue-helpers.ts';
import { buildTestApp, type loginAs, ROLES_ALL, type TestContext } from './helpers.ts';
import { type Auth, auditOf, createBanque, moneyCast, postReleve } from './money-helpers.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof loginAs>>;
let comptable: Awaited<ReturnType<typeof loginAs>>;
let tokens: Record<Role, Auth>;

beforeAll(async () => {
  ctx = await buildTestApp();
  ({ admin, comptable, tokens } = await moneyCast(ctx));
});
afterAll(async () => {
  await ctx.close();
});

const importer = (banqueId: number, file: { name: string; data: Buffer }, auth = comptable.auth, colonnes?: object) =>
  postReleve(ctx, auth, banqueId, file, colonnes);

async function imported(
  banqueId: number,
  file: { name: string; data: Buffer },
  colonnes?: object,
): Promise<ReleveImport> {
  const response = await importer(banqueId, file, comptable.auth, colonnes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function lignes(banqueId: number, query = ''): Promise<{ items: LigneReleve[]; total: number }> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/banques/${banqueId}/lignes?limit=100${query}`,
    headers: comptable.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return { items: body.data, total: body.pagination.total };
}

const csv = (name: string, rows: string[]) => ({ name, data: Buffer.from(rows.join('\r\n'), 'utf8') });

/** An ISO 20022 camt.053 statement with its entries and closing balance. */
function camt(entries: string[], closing = '1000000.00') {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>REL-1</MsgId><CreDtTm>2026-11-30T18:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT-2026-11</Id>
      <Acct><Id><Othr><Id>CI0001234567</Id></Othr></Id><Ccy>XOF</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="XOF">500000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-01</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="XOF">${closing}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-30</Dt></Dt></Bal>
      ${entries.join('\n      ')}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
  return { name: 'releve-novembre.xml', data: Buffer.from(xml, 'utf8') };
}

const entry = (amount: string, direction: 'CRDT' | 'DBIT', day: string, label: string, ref: string, extra = '') =>
  `<Ntry><NtryRef>${ref}</NtryRef><Amt Ccy="XOF">${amount}</Amt><CdtDbtInd>${direction}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
  `<BookgDt><Dt>${day}</Dt></BookgDt><ValDt><Dt>${day}</Dt></ValDt><AcctSvcrRef>${ref}</AcctSvcrRef>${extra}` +
  `<NtryDtls><TxDtls><RmtInf><Ustrd>${label}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;

describe('importing a statement (POST /banques/{id}/releves)', () => {
  it('is for the admin and the comptable only, as is reading its lines', async () => {
    const banque = await createBanque(ctx, admin.auth);
    for (const role of ROLES_ALL) {
      const allowed = role === 'admin' || role === 'comptable';
      const post = await importer(
        banque.id,
        csv(`r-${role}.csv`, ['Date;Libellé;Montant', `0${ROLES_ALL.indexOf(role) + 1}/11/2026;${role};1000`]),
        tokens[role],
      );
      expect(post.statusCode, `${role} ${post.body}`).toBe(allowed ? 201 : 403);
      const get = await ctx.app.inject({
        method: 'GET',
        url: `/api/banques/${banque.id}/lignes`,
        headers: tokens[role],
      });
      expect(get.statusCode, role).toBe(allowed ? 200 : 403);
    }
    const missing = await importer(999_999, csv('r.csv', ['Date;Libellé;Montant', '01/11/2026;A;1000']));
    expect(missing.statusCode).toBe(404);
  });

  it('reads a French CSV, keeps only the lines never seen, and audits each import', async () => {
    const banque = await createBanque(ctx, admin.auth);
    const octobre = csv('octobre.csv', [
      'Relevé de compte;;;;;',
      'Date;Libellé;Référence;Débit;Crédit;Solde',
      '30/10/2026;VERSEMENT ESPECES KOFFI;R-1;;150 000;650 000',
      '31/10/2026;FRAIS DE TENUE;;2 500;;647 500',
      // Two genuine identical operations on one day: both kept.
      '31/10/2026;COMMISSION;;1 000;;646 500',
      '31/10/2026;COMMISSION;;1 000;;645 500',
    ]);
    const first = await imported(banque.id, octobre);
    expect(first).toMatchObject({
      format: 'csv',
      lignes_lues: 4,
      lignes_nouvelles: 4,
      doublons: 0,
      periode: { debut: '2026-10-30', fin: '2026-10-31' },
      solde_final: 645_500,
    });
    // The same file again adds nothing.
    expect(await imported(banque.id, octobre)).toMatchObject({ lignes_lues: 4, lignes_nouvelles: 0, doublons: 4 });
    // An overlapping statement adds only what is new (its own two commissions are the same two).
    const chevauchant = await imported(
      banque.id,
      csv('fin-octobre-novembre.csv', [
        'Date;Libellé;Référence;Débit;Crédit;Solde',
        '31/10/2026;COMMISSION;;1 000;;646 500',
        '31/10/2026;COMMISSION;;1 000;;645 500',
        '02/11/2026;VIREMENT RECU DIALLO;R-2;;300 000;945 500',
      ]),
    );
    expect(chevauchant).toMatchObject({ lignes_lues: 3, lignes_nouvelles: 1, doublons: 2, solde_final: 945_500 });

    const { items, total } = await lignes(banque.id);
    expect(total).toBe(5);
    expect(items.map((l) => [l.date_operation, l.sens, l.montant, l.statut])).toEqual([
      ['2026-11-02', 'credit', 300_000, 'non_rapprochee'],
      ['2026-10-31', 'debit', 1000, 'non_rapprochee'],
      ['2026-10-31', 'debit', 1000, 'non_rapprochee'],
      ['2026-10-31', 'debit', 2500, 'non_rapprochee'],
      ['2026-10-30', 'credit', 150_000, 'non_rapprochee'],
    ]);
    expect((await lignes(banque.id, '&date_debut=2026-10-31&date_fin=2026-10-31')).items).toHaveLength(3);
    expect((await lignes(banque.id, '&statut=rapprochee')).total).toBe(0);
    expect((await lignes(banque.id, '&statut=non_rapprochee')).total).toBe(5);

    const audits = await auditOf(ctx, 'releves_bancaires', first.id);
    expect(audits[0]).toMatchObject({ action: 'created', user_id: comptable.account.id });
    expect(audits[0]?.new_values).toMatchObject({
      banque_id: banque.id,
      nom_fichier: 'octobre.csv',
      lignes_nouvelles: 4,
    });
  });

  it('reads Windows-1252 with a signed Montant and thousands in dots', async () => {
    const banque = await createBanque(ctx, admin.auth);
    const data = Buffer.from(
      'Date,Libellé,Montant\r\n05/11/2026,Prélèvement échéance,"-45.000"\r\n06/11/2026,Dépôt,"1.200.000"\r\n',
      'latin1',
    );
    const result = await imported(banque.id, { name: 'export.csv', data });
    expect(result).toMatchObject({ lignes_nouvelles: 2, solde_final: null });
    const { items } = await lignes(banque.id);
    expect(items.map((l) => [l.libelle, l.sens, l.montant])).toEqual([
      ['Dépôt', 'credit', 1_200_000],
      ['Prélèvement échéance', 'debit', 45_000],
    ]);
  });

  it('reads a camt.053 file: booked entries, label, reference, value date, closing balance', async () => {
    const banque = await createBanque(ctx, admin.auth);
    const file = camt([
      entry('250000.00', 'CRDT', '2026-11-03', 'VRS-2026-0042 KOUAME', 'BQ-001'),
      entry('7500', 'DBIT', '2026-11-04', 'AGIOS', 'BQ-002'),
      entry('1000.00', 'CRDT', '2026-11-05', 'EN ATTENTE', 'BQ-003').replace('<Cd>BOOK</Cd>', '<Cd>PDNG</Cd>'),
    ]);
    expect(await imported(banque.id, file)).toMatchObject({
      format: 'camt053',
      lignes_lues: 2,
      lignes_nouvelles: 2,
      periode: { debut: '2026-11-03', fin: '2026-11-04' },
      solde_final: 1_000_000,
    });
    expect(await imported(banque.id, file)).toMatchObject({ lignes_nouvelles: 0, doublons: 2 });
    const { items } = await lignes(banque.id);
    expect(items[1]).toMatchObject({
      date_operation: '2026-11-03',
      date_valeur: '2026-11-03',
      libelle: 'VRS-2026-0042 KOUAME',
      reference: 'BQ-001',
      sens: 'credit',
      montant: 250_000,
    });
  });

  it('refuses a malformed file with a French message naming the line, and keeps nothing of it', async () => {
    const banque = await createBanque(ctx, admin.auth);
    const cases: [{ name: string; data: Buffer }, string][] = [
      [
        csv('a.csv', ['Date;Libellé;Montant', '01/11/2026;A;1000', '32/11/2026;B;1000']),
        RELEVE_MESSAGES.date(3, '32/11/2026'),
      ],
      [csv('b.csv', ['Date;Libellé;Montant', '01/11/2026;A;10,50']), RELEVE_MESSAGES.montant(2, '10,50')],
      [csv('c.csv', ['Jour;Texte;Somme', '01/11/2026;A;1000']), RELEVE_MESSAGES.colonnesIncompletes],
      [csv('d.csv', ['Date;Libellé;Montant']), RELEVE_MESSAGES.vide],
      [
        { name: 'e.xml', data: Buffer.from('<?xml version="1.0"?>\n<Document>\n<BkToCstmrStmt>\n</Document>') },
        RELEVE_MESSAGES.xml(4),
      ],
      [
        { name: 'f.xml', data: Buffer.from('<?xml version="1.0"?><Document><Autre/></Document>') },
        RELEVE_MESSAGES.camt,
      ],
      [
        camt([entry('10.00', 'CRDT', '2026-11-03', 'X', 'R').replace('Ccy="XOF"', 'Ccy="EUR"')]),
        RELEVE_MESSAGES.camtEntree(1, RELEVE_MESSAGES.devise('EUR')),
      ],
    ];
    for (const [file, message] of cases) {
      const response = await importer(banque.id, file);
      expect(response.statusCode, file.name).toBe(400);
      expect(response.json().message, file.name).toBe(message);
    }
    const binary = await importer(banque.id, {
      name: 'photo.csv',
      data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
    });
    expect(binary.statusCode).toBe(415);
    expect(binary.json().message).toBe(RELEVE_MESSAGES.fichierType);
    const empty = multipart({ colonnes: '' });
    const none = await ctx.app.inject({
      method: 'POST',
      url: `/api/banques/${banque.id}/releves`,
      headers: { ...comptable.auth, ...empty.headers },
      payload: empty.payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(RELEVE_MESSAGES.fichierRequis);
    expect((await lignes(banque.id)).total).toBe(0);
    const kept = await ctx.db.selectFrom('releves_bancaires').select('id').where('banque_id', '=', banque.id).execute();
    expect(kept).toEqual([]);
  });

  it('reads with the columns chosen on the preview, and remembers them for the bank', async () => {
    const banque = await createBanque(ctx, admin.auth);
    const rows = ['Jour;Texte;Sortie;Entrée', '01/11/2026;Loyer;50 000;', '02/11/2026;Apport;;80 000'];
    const colonnes = { date: 'Jour', libelle: 'Texte', debit: 'Sortie', credit: 'Entrée' };
    expect(await imported(banque.id, csv('maison.csv', rows), colonnes)).toMatchObject({ lignes_nouvelles: 2 });
    const stored = await ctx.app.inject({ method: 'GET', url: `/api/banques/${banque.id}`, headers: comptable.auth });
    expect((stored.json().data as Banque).releve_colonnes).toEqual(colonnes);
    // The next file of that bank needs no choice.
    expect(await imported(banque.id, csv('maison-2.csv', [rows[0] ?? '', '03/11/2026;Apport;;10 000']))).toMatchObject({
      lignes_nouvelles: 1,
    });
    const wrong = await importer(banque.id, csv('x.csv', rows), comptable.auth, {
      date: 'Jour',
      libelle: 'Nom',
      montant: 'Sortie',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(RELEVE_MESSAGES.colonneAbsente('Nom'));
  });
});
