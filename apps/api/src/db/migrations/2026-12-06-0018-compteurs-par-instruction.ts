import { type Kysely, sql } from 'kysely';

/**
 * Kept counters (`compteurs`) and daily totals (`totaux_journaliers`) maintained once per statement
 * instead of once per row (issue 23): a load of 200,000 demandes in one INSERT … SELECT took over
 * ten minutes through the row triggers, each row adding 1 to the same few counter rows, whose
 * versions piled up for the next row to walk. Statement-level triggers read the statement's rows
 * from its transition tables, group them by what they count under and apply the net change in one
 * upsert, in key order, so that concurrent statements lock the counter rows in one order. What
 * counts where is unchanged: `<table>_dims()` (migrations 0005 to 0010, with the parent rows they
 * lock FOR SHARE), `<table>_jour()` (0013), `recompter()` and `totaux_journaliers_recomptes`.
 *
 * PostgreSQL allows transition tables only on a trigger for a single event and without a column
 * list: each table has an INSERT, an UPDATE and a DELETE trigger, and the UPDATE one is given, as
 * arguments, the columns that move a row's counts; an update that changes none of them counts nothing.
 *
 * The queries over transition tables are built as text and run by EXECUTE, planned for each
 * statement with the tables' real sizes: PL/pgSQL would keep the plan of its first statement, a
 * nested loop fit for one row that took six minutes to pair the old and new rows of a 20,000-row update.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const exec = (query: ReturnType<typeof sql>) => query.execute(db);

  const counted = ['demandes', 'membres', 'utilisateurs', 'produits', 'versements', 'mouvements_bancaires'];
  for (const table of [...counted, 'depenses', 'remboursements', 'chantiers']) {
    await exec(sql`DROP TRIGGER ${sql.id(`${table}_compter`)} ON ${sql.id(table)}`);
  }
  for (const table of ['versements', 'depenses', 'remboursements']) {
    await exec(sql`DROP TRIGGER ${sql.id(`${table}_totaliser`)} ON ${sql.id(table)}`);
  }
  await exec(sql`DROP TRIGGER utilisateurs_membres_compter ON utilisateurs`);
  await exec(sql`DROP TRIGGER sites_produits_compter ON sites`);
  await exec(sql`DROP FUNCTION utilisateurs_membres_compter()`);
  await exec(sql`DROP FUNCTION sites_produits_compter()`);
  await exec(sql`DROP FUNCTION compter_ligne()`);
  await exec(sql`DROP FUNCTION compter(text, text[], integer, bigint)`);
  await exec(sql`DROP FUNCTION totaliser_ligne()`);
  await exec(sql`DROP FUNCTION totaliser(text, date, integer, bigint)`);

  // SQL over a statement's transition tables, `nouvelles` and `anciennes`. An update's old and new
  // row, paired by id (r one, a the other), differ when one of `colonnes` does.
  await exec(sql`
    CREATE FUNCTION changement(colonnes text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT format('ROW(%s) IS DISTINCT FROM ROW(%s)',
        string_agg('r.' || quote_ident(c), ', '), string_agg('a.' || quote_ident(c), ', '))
      FROM unnest(colonnes) AS c
    $$`);
  // Whether an update changed one of `colonnes` in a row: planned faster than the grouping of the
  // rows, it spares that to the many updates that change nothing counted. A count, not EXISTS: that
  // is planned to stop at a first match, a nested loop through all the pairs when none changed.
  await exec(sql`
    CREATE FUNCTION modifiee_instruction(colonnes text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT format('SELECT count(*) > 0 FROM anciennes r JOIN nouvelles a ON a.id = r.id WHERE %s',
        changement(colonnes))
    $$`);
  // The rows a statement changed: `expr` of each row (alias r) and its sign, 1 for a new row, -1 for
  // an old one; an update's rows that changed none of `colonnes` are left out. The dimension
  // functions take r itself: a whole row of a transition table converts to the table's type.
  await exec(sql`
    CREATE FUNCTION lignes_instruction(op text, colonnes text[], expr text) RETURNS text
    LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE op
        WHEN 'INSERT' THEN format('SELECT %s, 1 AS signe FROM nouvelles r', expr)
        WHEN 'DELETE' THEN format('SELECT %s, -1 AS signe FROM anciennes r', expr)
        ELSE format('SELECT %1$s, -1 AS signe FROM anciennes r JOIN nouvelles a ON a.id = r.id WHERE %2$s
          UNION ALL SELECT %1$s, 1 FROM nouvelles r JOIN anciennes a ON a.id = r.id WHERE %2$s',
          expr, changement(colonnes))
      END
    $$`);

  // 'membres', 'membres|statut=actif', 'membres|gestionnaire_id=4|statut=actif', …: the key of every
  // subset of the dimensions (a `<table>_dims()` array), in their order.
  await exec(sql`
    CREATE FUNCTION compteurs_cles(domaine text, dims text[]) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
      SELECT domaine || coalesce(
        string_agg('|' || d.dim, '' ORDER BY d.i) FILTER (WHERE m.mask & (1 << (d.i::integer - 1)) <> 0), '')
      FROM generate_series(0, (1 << cardinality(dims)) - 1) AS m (mask)
      CROSS JOIN unnest(dims) WITH ORDINALITY AS d (dim, i)
      GROUP BY m.mask
    $$`);
  // The upsert counting the rows of `lignes` (SQL of rows: dims, montant, signe): grouped by their
  // dimensions (NULL ones count nowhere), then added to every key they count under, each key once
  // and in key order, so that two statements counting under the same keys lock them in the same
  // order (no deadlock between them); a key whose changes cancel out is not touched.
  await exec(sql`
    CREATE FUNCTION compter_lignes(domaine text, lignes text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT format('
        INSERT INTO compteurs AS c (cle, total, somme)
        SELECT k.cle, sum(g.total), sum(g.somme)
        FROM (SELECT dims, sum(signe) AS total, sum(signe * montant) AS somme FROM (%s) AS l
              WHERE dims IS NOT NULL GROUP BY dims) AS g
        CROSS JOIN LATERAL compteurs_cles(%L, g.dims) AS k (cle)
        GROUP BY k.cle
        HAVING sum(g.total) <> 0 OR sum(g.somme) <> 0
        ORDER BY k.cle
        ON CONFLICT (cle) DO UPDATE SET total = c.total + EXCLUDED.total, somme = c.somme + EXCLUDED.somme',
        lignes, domaine)
    $$`);
  // One trigger function for every counted table: its rows' `<table>_dims()`, and `montant` where
  // the table has one.
  await exec(sql`
    CREATE FUNCTION compter_instruction() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      montant text := CASE WHEN EXISTS (
        SELECT FROM pg_attribute WHERE attrelid = TG_RELID AND attname = 'montant' AND NOT attisdropped
      ) THEN 'r.montant' ELSE '0' END;
      modifiee boolean;
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        EXECUTE modifiee_instruction(TG_ARGV) INTO modifiee;
        IF NOT modifiee THEN RETURN NULL; END IF;
      END IF;
      EXECUTE compter_lignes(TG_TABLE_NAME, lignes_instruction(TG_OP, TG_ARGV,
        format('%I(r) AS dims, %s AS montant', TG_TABLE_NAME || '_dims', montant)));
      RETURN NULL;
    END $$`);

  // Each counted table, with the columns whose change moves a row's counters.
  const dimensions: [table: string, columns: string[]][] = [
    ['demandes', ['statut']],
    ['membres', ['gestionnaire_id', 'type_membre', 'utilisateur_id']],
    ['utilisateurs', ['role', 'statut']],
    ['produits', ['est_actif', 'type', 'site_id']],
    ['versements', ['statut', 'type_versement', 'banque_id', 'montant', 'date_suppression']],
    ['depenses', ['statut', 'categorie', 'montant']],
    ['remboursements', ['statut', 'montant']],
    ['chantiers', ['statut']],
  ];
  for (const [table, columns] of dimensions) await statementTriggers(db, table, 'compter', columns);
  // Append-only (mouvements_immuables): inserts only.
  await exec(sql`
    CREATE TRIGGER mouvements_bancaires_compter_insert AFTER INSERT ON mouvements_bancaires
    REFERENCING NEW TABLE AS nouvelles FOR EACH STATEMENT EXECUTE FUNCTION compter_instruction()`);

  // A dimension that lives on a parent row moves its children's counters when it changes: a
  // member's status is his account's, a product is visible while its site is active.
  await exec(sql`
    CREATE FUNCTION utilisateurs_membres_compter() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      EXECUTE compter_lignes('membres', $q$
        SELECT ARRAY['gestionnaire_id=' || coalesce(m.gestionnaire_id::text, ''), 'statut=' || s.statut,
          'type_membre=' || m.type_membre] AS dims, 0 AS montant, s.signe
        FROM anciennes o JOIN nouvelles n ON n.id = o.id AND n.statut IS DISTINCT FROM o.statut
        JOIN membres m ON m.utilisateur_id = n.id
        CROSS JOIN LATERAL (VALUES (o.statut, -1), (n.statut, 1)) AS s (statut, signe)
      $q$);
      RETURN NULL;
    END $$`);
  await exec(sql`
    CREATE TRIGGER utilisateurs_membres_compter AFTER UPDATE ON utilisateurs
    REFERENCING OLD TABLE AS anciennes NEW TABLE AS nouvelles
    FOR EACH STATEMENT EXECUTE FUNCTION utilisateurs_membres_compter()`);
  await exec(sql`
    CREATE FUNCTION sites_produits_compter() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      EXECUTE compter_lignes('produits', $q$
        SELECT ARRAY['visible=' || (p.est_actif AND s.actif), 'type=' || p.type, 'site_id=' || p.site_id] AS dims,
          0 AS montant, s.signe
        FROM anciennes o JOIN nouvelles n ON n.id = o.id AND n.est_actif IS DISTINCT FROM o.est_actif
        JOIN produits p ON p.site_id = n.id
        CROSS JOIN LATERAL (VALUES (o.est_actif, -1), (n.est_actif, 1)) AS s (actif, signe)
      $q$);
      RETURN NULL;
    END $$`);
  await exec(sql`
    CREATE TRIGGER sites_produits_compter AFTER UPDATE ON sites
    REFERENCING OLD TABLE AS anciennes NEW TABLE AS nouvelles
    FOR EACH STATEMENT EXECUTE FUNCTION sites_produits_compter()`);

  // The daily totals the same way: the rows grouped by `<table>_jour()`, in day order.
  await exec(sql`
    CREATE FUNCTION totaliser_instruction() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      modifiee boolean;
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        EXECUTE modifiee_instruction(TG_ARGV) INTO modifiee;
        IF NOT modifiee THEN RETURN NULL; END IF;
      END IF;
      EXECUTE format('
        INSERT INTO totaux_journaliers AS t (domaine, jour, total, somme)
        SELECT %L, jour, sum(signe), sum(signe * montant) FROM (%s) AS l
        WHERE jour IS NOT NULL
        GROUP BY jour
        HAVING sum(signe) <> 0 OR sum(signe * montant) <> 0
        ORDER BY jour
        ON CONFLICT (domaine, jour) DO UPDATE SET total = t.total + EXCLUDED.total, somme = t.somme + EXCLUDED.somme',
        TG_TABLE_NAME,
        lignes_instruction(TG_OP, TG_ARGV, format('%I(r, $1) AS jour, r.montant', TG_TABLE_NAME || '_jour')))
      USING fuseau_societe();
      RETURN NULL;
    END $$`);
  const days: [table: string, columns: string[]][] = [
    ['versements', ['statut', 'montant', 'date_validation', 'date_suppression']],
    ['depenses', ['statut', 'montant', 'date_approbation']],
    ['remboursements', ['statut', 'montant', 'date_traitement']],
  ];
  for (const [table, columns] of days) await statementTriggers(db, table, 'totaliser', columns);
}

/** `<table>_<verb>_insert`, `_update` (given the columns that matter) and `_delete`, calling `<verb>_instruction()`. */
async function statementTriggers(db: Kysely<unknown>, table: string, verb: string, columns: string[]) {
  const name = (event: string) => sql.id(`${table}_${verb}_${event}`);
  const fn = sql.id(`${verb}_instruction`);
  await sql`
    CREATE TRIGGER ${name('insert')} AFTER INSERT ON ${sql.id(table)}
    REFERENCING NEW TABLE AS nouvelles FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`.execute(db);
  await sql`
    CREATE TRIGGER ${name('update')} AFTER UPDATE ON ${sql.id(table)}
    REFERENCING OLD TABLE AS anciennes NEW TABLE AS nouvelles
    FOR EACH STATEMENT EXECUTE FUNCTION ${fn}(${sql.join(columns.map((c) => sql.lit(c)))})`.execute(db);
  await sql`
    CREATE TRIGGER ${name('delete')} AFTER DELETE ON ${sql.id(table)}
    REFERENCING OLD TABLE AS anciennes FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
