import { type Kysely, sql } from 'kysely';

/**
 * The audit journal made tamper-evident (docs/decisions/0015-audit-chaine.md): each row carries its
 * place in the chain (`position`) and a SHA-256 `empreinte` of its content and of the row before,
 * written by a trigger as the row goes in. Changing, removing or inserting a row in the middle
 * breaks every later link; `npm run check:audit` names the first one. The rows already there are
 * chained in id order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE audit ADD COLUMN position bigint, ADD COLUMN empreinte text`.execute(db);
  // Every column, each quoted or NULL (so that no two rows read alike), the time as seconds since
  // the epoch (whatever the session's time zone), jsonb in its canonical text.
  await sql`
    CREATE FUNCTION audit_empreinte(a audit, precedente text) RETURNS text LANGUAGE sql STABLE AS $$
      SELECT encode(sha256(convert_to(concat_ws(chr(31),
        precedente, a.position::text, a.id::text, quote_nullable(a.action), quote_nullable(a.table_name),
        quote_nullable(a.record_id), quote_nullable(a.user_id), quote_nullable(a.membre_id),
        quote_nullable(a.personnel_id), quote_nullable(a.old_values::text), quote_nullable(a.new_values::text),
        quote_nullable(a.ip_address), quote_nullable(a.user_agent), extract(epoch FROM a.created_at)::text
      ), 'UTF8')), 'hex')
    $$`.execute(db);

  await sql`ALTER TABLE audit DISABLE TRIGGER audit_no_change`.execute(db);
  await sql`
    DO $$
    DECLARE
      r audit;
      rang bigint := 0;
      precedente text := '';
    BEGIN
      FOR r IN SELECT * FROM audit ORDER BY id LOOP
        rang := rang + 1;
        r.position := rang;
        precedente := audit_empreinte(r, precedente);
        UPDATE audit SET position = rang, empreinte = precedente WHERE id = r.id;
      END LOOP;
    END $$`.execute(db);
  await sql`ALTER TABLE audit ENABLE TRIGGER audit_no_change`.execute(db);
  await sql`ALTER TABLE audit ALTER COLUMN position SET NOT NULL, ALTER COLUMN empreinte SET NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX audit_position_key ON audit (position)`.execute(db);
  // The journal's screen reads newest first (the chain's order) under each filter.
  for (const column of ['user_id', 'table_name', 'action']) {
    await sql`CREATE INDEX ${sql.id(`audit_${column}_position_idx`)} ON audit (${sql.id(column)}, position)`.execute(
      db,
    );
  }

  // One chain: a row links to the last one written. The lock is held until the writer's
  // transaction ends, so the next writer reads its row (a fresh snapshot per statement) and the
  // positions follow the commits. The journal row is the last write of a change, held briefly.
  await sql`
    CREATE FUNCTION audit_chainer() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      derniere record;
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtext('audit_chaine'));
      SELECT position, empreinte INTO derniere FROM audit ORDER BY position DESC LIMIT 1;
      NEW.position := coalesce(derniere.position, 0) + 1;
      NEW.empreinte := audit_empreinte(NEW, coalesce(derniere.empreinte, ''));
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER audit_chaine BEFORE INSERT ON audit
    FOR EACH ROW EXECUTE FUNCTION audit_chainer()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
