/**
 * A bank statement's import and its reconciliation suggestions at scale on PostgreSQL (issue 27,
 * Performance): on the bench database (seed.ts: 200,000 payments, once), the product's server
 * signed in as a bench comptable, a CSV statement of --lignes lines (10,000) for the principal
 * bank built in memory, the same at every run: most credit lines are the bank's latest validated
 * payments (their amount, a value date 0 to 2 days after theirs, half of them naming the receipt
 * in the label), some its pending payments of the same months, the rest debits and credits that
 * match nothing. Per run, timed:
 * - POST /api/banques/{id}/releves (multipart `fichier`): every line new;
 * - GET /api/banques/{id}/suggestions?limit=100, page 1 then every page to the last (each page's
 *   lines with their likely movements and pending payments), one after the other;
 * - the same POST again: it must add no line (`lignes_nouvelles` 0).
 * Prints the times, how many built matches the suggestions found, and whether the targets hold:
 * import + suggestions under 5 s (with the first page, and with all pages), second import under
 * 2 s adding nothing.
 *
 * A statement's lines are unique per bank, and a fresh bank has no payments to match: each run
 * first deletes what earlier runs of this bench imported into the bank (their statements, by file
 * name, and their lines), so that every run starts from the same bank. A bench database seeded
 * before the seed wrote the credit movements' value dates (the slip's date, as a validation posts
 * it) gets them set once, or no statement line could match them. The last run's statement is
 * deleted at the end as well.
 * Run: DATABASE_URL=postgres://… npm run bench:releves [-- --runs 2 --lignes 10000 --server built|sources --reseed]
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchArgs, freePort, serverEntry, signIn, startServer, stopServers } from './harness.ts';
import { benchComptableEmail, benchDatabaseUrl, ensureBenchDatabase, prepareBenchDatabase } from './seed.ts';

const TARGET = { importAndSuggestionsMs: 5000, reimportMs: 2000 };
const FICHIER = 'releve-bench.csv';
const PAGE = 100;
/** The statement's make-up: the bank's validated payments, its pending ones, the rest matching nothing. */
const PART = { valides: 0.6, enAttente: 0.1 };

const { reseed, database, databaseUrl, options } = benchArgs('bench:releves', ['releves'], {
  runs: '2',
  lignes: '10000',
  server: 'built',
});
const runs = Number(options.runs);
const lignes = Number(options.lignes);
if (
  !(Number.isInteger(runs) && runs > 0) ||
  !(Number.isInteger(lignes) && lignes >= 100) ||
  !['built', 'sources'].includes(options.server)
) {
  console.error('Usage: npm run bench:releves -- [--runs 2] [--lignes 10000] [--server built|sources] [--reseed]');
  process.exit(2);
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A deterministic draw in [0, 1): the same statement at every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 'AAAA-MM-JJ' plus `days`, as 'AAAA-MM-JJ'. */
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** 'AAAA-MM-JJ' → 'JJ/MM/AAAA'. */
const jjmmaaaa = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
/** 150000 → '150 000', as banks print amounts. */
const montant = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

interface Ligne {
  jour: string;
  libelle: string;
  sens: 'credit' | 'debit';
  montant: number;
  /** What the line was built from: the movement of a validated payment, or a pending payment. */
  mouvement?: number;
  versement?: number;
  nommeRecu?: boolean;
  /** Its reference in the file, unique: how its suggestions are found again. */
  reference?: string;
}

/**
 * The bank's statement: its latest validated payments (their credit movement's value date, 0–2 days
 * later as a bank books them), pending payments of the same period, then debits and unmatched
 * credits spread over it; in date order with the running balance.
 */
async function buildStatement(db: pg.Client, banqueId: number) {
  const draw = random(27);
  const today = new Date().toISOString().slice(0, 10);
  const nValides = Math.round(lignes * PART.valides);
  const nAttente = Math.round(lignes * PART.enAttente);
  const { rows: valides } = await db.query<{
    mouvement: string;
    numero_recu: string;
    montant: string;
    jour: string;
    membre: string;
  }>(
    `SELECT mv.id AS mouvement, v.numero_recu, v.montant, mv.date_valeur::text AS jour, upper(u.nom) AS membre
     FROM mouvements_bancaires mv
     JOIN versements v ON v.id = mv.source_id
     JOIN membres m ON m.id = v.membre_id
     JOIN utilisateurs u ON u.id = m.utilisateur_id
     WHERE mv.banque_id = $1 AND mv.source_table = 'versements' AND mv.operation = 'versement_valide'
     ORDER BY mv.date_valeur DESC, mv.id DESC LIMIT $2`,
    [banqueId, nValides],
  );
  const debut = valides.at(-1)?.jour ?? today;
  const { rows: attente } = await db.query<{ id: number; numero_recu: string; montant: string; jour: string }>(
    `SELECT v.id, v.numero_recu, v.montant, v.date_recu::text AS jour FROM versements v
     WHERE v.banque_id = $1 AND v.statut = 'en_attente' AND v.date_suppression IS NULL AND v.date_recu >= $2
     ORDER BY v.date_recu DESC, v.id DESC LIMIT $3`,
    [banqueId, debut, nAttente],
  );
  const span = Math.max(1, (Date.parse(today) - Date.parse(debut)) / 86_400_000);
  const someDay = () => addDays(debut, Math.floor(draw() * span));
  const booked = (jour: string) => {
    const day = addDays(jour, Math.floor(draw() * 3));
    return day > today ? today : day;
  };
  const out: Ligne[] = [];
  for (const v of valides) {
    const nommeRecu = draw() < 0.5;
    out.push({
      jour: booked(v.jour),
      libelle: nommeRecu ? `VERSEMENT ESPECES ${v.numero_recu} ${v.membre}` : `VRST ESPECES AGENCE ${v.membre}`,
      sens: 'credit',
      montant: Number(v.montant),
      mouvement: Number(v.mouvement),
      nommeRecu,
    });
  }
  for (const v of attente) {
    out.push({
      jour: booked(v.jour),
      libelle: `VERSEMENT ESPECES ${v.numero_recu}`,
      sens: 'credit',
      montant: Number(v.montant),
      versement: v.id,
      nommeRecu: true,
    });
  }
  const DEBITS = ['FRAIS TENUE DE COMPTE', 'VIREMENT EMIS FOURNISSEUR', 'CHEQUE PAYE', 'COMMISSION SUR VIREMENT'];
  while (out.length < lignes) {
    const n = out.length;
    // Amounts no payment has (payments are multiples of 12,500): they must match nothing.
    const odd = 1000 + Math.floor(draw() * 5_000_000) * 7 + 3;
    out.push(
      draw() < 0.66
        ? { jour: someDay(), libelle: `${DEBITS[n % DEBITS.length]} ${n}`, sens: 'debit', montant: odd }
        : { jour: someDay(), libelle: `VIREMENT RECU CLIENT ${n}`, sens: 'credit', montant: odd },
    );
  }
  out.sort((a, b) => (a.jour < b.jour ? -1 : a.jour > b.jour ? 1 : 0));
  let solde = 250_000_000;
  const csv = ['Date;Libellé;Référence;Débit;Crédit;Solde'];
  for (const [i, l] of out.entries()) {
    solde += l.sens === 'credit' ? l.montant : -l.montant;
    const [debit, credit] = l.sens === 'debit' ? [montant(l.montant), ''] : ['', montant(l.montant)];
    l.reference = `OP${String(i + 1).padStart(8, '0')}`;
    csv.push([jjmmaaaa(l.jour), l.libelle, l.reference, debit, credit, montant(solde)].join(';'));
  }
  return {
    csv: Buffer.from(`${csv.join('\r\n')}\r\n`, 'utf8'),
    lignes: out,
    valides: valides.length,
    attente: attente.length,
    debut,
    fin: out.at(-1)?.jour ?? today,
  };
}

/** The bench's earlier statements in the bank, and their lines, deleted; the bank's other lines counted. */
async function resetBank(db: pg.Client, banqueId: number) {
  await db.query('BEGIN');
  try {
    const { rows: matched } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM lignes_releve l JOIN releves_bancaires r ON r.id = l.releve_id
       WHERE r.banque_id = $1 AND r.nom_fichier = $2 AND l.rapprochement_id IS NOT NULL`,
      [banqueId, FICHIER],
    );
    if (Number(matched[0]?.n) > 0) {
      throw new Error(`${matched[0]?.n} lignes des relevés du banc sont rapprochées : --reseed pour repartir`);
    }
    await db.query(
      `DELETE FROM lignes_releve WHERE releve_id IN
         (SELECT id FROM releves_bancaires WHERE banque_id = $1 AND nom_fichier = $2)`,
      [banqueId, FICHIER],
    );
    await db.query('DELETE FROM releves_bancaires WHERE banque_id = $1 AND nom_fichier = $2', [banqueId, FICHIER]);
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
  await db.query('VACUUM ANALYZE lignes_releve, releves_bancaires');
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM lignes_releve WHERE banque_id = $1', [
    banqueId,
  ]);
  return Number(rows[0]?.n);
}

/**
 * The payments' credit movements get the value date a validation posts (the slip's date), on a
 * database seeded before the seed wrote it. Once: a movement that has it already is not touched.
 * Row triggers off (movements are append-only).
 */
async function valueDates(db: pg.Client): Promise<number> {
  await db.query('BEGIN');
  try {
    await db.query('SET LOCAL session_replication_role = replica');
    const { rowCount } = await db.query(
      `UPDATE mouvements_bancaires mv SET date_valeur = v.date_recu FROM versements v
       WHERE mv.source_table = 'versements' AND mv.operation = 'versement_valide' AND v.id = mv.source_id
         AND mv.date_valeur <> v.date_recu`,
    );
    await db.query('COMMIT');
    if (rowCount) await db.query('ANALYZE mouvements_bancaires');
    return rowCount ?? 0;
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
}

interface Import {
  lignes_lues: number;
  lignes_nouvelles: number;
  doublons: number;
}

async function importer(base: string, token: string, banqueId: number, csv: Buffer) {
  const form = new FormData();
  form.append('fichier', new Blob([csv], { type: 'text/csv' }), FICHIER);
  const started = performance.now();
  const answer = await fetch(`${base}/api/banques/${banqueId}/releves`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await answer.text();
  const ms = performance.now() - started;
  if (answer.status !== 201) throw new Error(`POST /api/banques/${banqueId}/releves: HTTP ${answer.status} ${text}`);
  return { ms, data: (JSON.parse(text) as { data: Import }).data };
}

interface Suggestion {
  ligne: { id: number; reference: string | null };
  mouvements: { id: number }[];
  versements: { id: number }[];
}

async function suggestionsPage(base: string, token: string, banqueId: number, page: number) {
  const started = performance.now();
  const answer = await fetch(`${base}/api/banques/${banqueId}/suggestions?limit=${PAGE}&page=${page}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await answer.text();
  const ms = performance.now() - started;
  if (!answer.ok)
    throw new Error(`GET /api/banques/${banqueId}/suggestions?page=${page}: HTTP ${answer.status} ${text}`);
  const body = JSON.parse(text) as { data: Suggestion[]; pagination: { total: number; totalPages: number } };
  return { ms, ...body };
}

async function main() {
  const servers: Parameters<typeof stopServers>[0] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-releves-'));
  let db: pg.Client | undefined;
  try {
    await ensureBenchDatabase(databaseUrl, database, reseed);
    const benchUrl = benchDatabaseUrl(databaseUrl, database);
    await prepareBenchDatabase(benchUrl, console.log, { versements: true });
    db = new pg.Client({ connectionString: benchUrl });
    await db.connect();
    const fixed = await valueDates(db);
    if (fixed > 0) console.log(`Date de valeur des mouvements des versements validés posée (${fixed} mouvements)`);
    const { rows: banques } = await db.query<{ id: number; nom: string }>(
      'SELECT id, nom FROM banques WHERE est_principale ORDER BY id LIMIT 1',
    );
    const banque = banques[0];
    if (!banque) throw new Error('la base bench n’a pas de banque principale');
    const statement = await buildStatement(db, banque.id);
    const credits = statement.lignes.filter((l) => l.sens === 'credit').length;
    console.log(
      `Relevé de ${statement.lignes.length} lignes (${(statement.csv.length / 1024).toFixed(0)} Ko) pour ${banque.nom} ` +
        `(banque ${banque.id}), du ${jjmmaaaa(statement.debut)} au ${jjmmaaaa(statement.fin)} : ${credits} crédits dont ` +
        `${statement.valides} versements validés (la moitié nommant leur reçu) et ${statement.attente} en attente, ` +
        `${statement.lignes.length - credits} débits`,
    );

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const entry =
      options.server === 'sources'
        ? { args: ['--import', 'tsx', 'src/server.ts'], label: 'Server from sources (tsx), not built' }
        : serverEntry();
    await startServer(
      servers,
      'the server',
      entry.args,
      {
        DATABASE_URL: benchUrl,
        JWT_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        BACKUPS: '0',
        LOGIN_RATE_LIMIT: '1000',
      },
      `${base}/api/health`,
    );
    const token = await signIn(base, benchComptableEmail(1));
    console.log(`\n${entry.label}; ${benchComptableEmail(1)}; ${runs} run(s).\n`);

    const verdicts: string[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const others = await resetBank(db, banque.id);
      if (others > 0) console.log(`  (la banque a ${others} autres lignes de relevé, importées hors du banc)`);

      const first = await importer(base, token, banque.id, statement.csv);
      const pages: number[] = [];
      const found: Suggestion[] = [];
      let totalPages = 1;
      for (let page = 1; page <= totalPages; page += 1) {
        const answer = await suggestionsPage(base, token, banque.id, page);
        totalPages = answer.pagination.totalPages;
        pages.push(answer.ms);
        found.push(...answer.data);
      }
      const second = await importer(base, token, banque.id, statement.csv);

      // What the suggestions found of the matches the statement was built with.
      const byReference = new Map(found.map((f) => [f.ligne.reference, f]));
      let mouvementTrouve = 0;
      let mouvementPremier = 0;
      let nommeRecu = 0;
      let versementTrouve = 0;
      for (const l of statement.lignes) {
        const f = byReference.get(l.reference ?? null);
        if (l.mouvement !== undefined && f?.mouvements.some((m) => m.id === l.mouvement)) mouvementTrouve += 1;
        if (l.mouvement !== undefined && l.nommeRecu) {
          nommeRecu += 1;
          if (f?.mouvements[0]?.id === l.mouvement) mouvementPremier += 1;
        }
        if (l.versement !== undefined && f?.versements.some((v) => v.id === l.versement)) versementTrouve += 1;
      }
      const sansSuggestion = found.filter((f) => f.mouvements.length === 0 && f.versements.length === 0).length;

      const allPages = pages.reduce((a, b) => a + b, 0);
      const firstPage = pages[0] ?? 0;
      const slowest = Math.max(...pages);
      const withFirst = first.ms + firstPage;
      const withAll = first.ms + allPages;
      const okFirst = withFirst < TARGET.importAndSuggestionsMs;
      const okAll = withAll < TARGET.importAndSuggestionsMs;
      const okSecond = second.ms < TARGET.reimportMs && second.data.lignes_nouvelles === 0;
      const ok = first.data.lignes_nouvelles === statement.lignes.length && okFirst && okSecond;
      console.log(
        `Run ${run}: import ${s(first.ms)} (${first.data.lignes_lues} lues, ${first.data.lignes_nouvelles} nouvelles); ` +
          `suggestions page 1 ${s(firstPage)}, ${pages.length} pages of ${PAGE} ${s(allPages)} ` +
          `(slowest ${s(slowest)}, last ${s(pages.at(-1) ?? 0)}, ${found.length} lines); ` +
          `second import ${s(second.ms)} (${second.data.lignes_nouvelles} nouvelles, ${second.data.doublons} doublons)`,
      );
      console.log(
        `  import + page 1: ${s(withFirst)} ${okFirst ? 'met' : 'MISSED'}; import + all pages: ${s(withAll)} ` +
          `${okAll ? 'met' : 'MISSED'} (target < ${s(TARGET.importAndSuggestionsMs)}); second import: ` +
          `${okSecond ? 'met' : 'MISSED'} (target < ${s(TARGET.reimportMs)}, 0 added)`,
      );
      console.log(
        `  suggestions: the payment's movement among them for ${mouvementTrouve} of ${statement.valides} lines ` +
          `(first for ${mouvementPremier} of the ${nommeRecu} naming its receipt); the pending payment for ` +
          `${versementTrouve} of ${statement.attente}; nothing suggested for ${sansSuggestion} lines`,
      );
      if (first.data.lignes_nouvelles !== statement.lignes.length) {
        console.log(`  the first import added ${first.data.lignes_nouvelles} of ${statement.lignes.length} lines`);
      }
      verdicts.push(`${ok ? 'met' : 'MISSED'}${okAll ? '' : ' (all pages: MISSED)'}`);
    }
    console.log(`\nTargets per run (import + page 1 < 5 s, second import < 2 s adding 0): ${verdicts.join(' / ')}`);
    // The bench database as it was: the last run's statement goes too.
    await resetBank(db, banque.id);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await db?.end().catch(() => undefined);
    await stopServers(servers);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
