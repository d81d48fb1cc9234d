import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { emailSchema, passwordProblem } from '@app/shared';
import { loadConfig } from './config.ts';
import { secureDataDir } from './db/data-dir.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { PGDATA_TEMPLATE } from './db/template.ts';
import { insertAudit } from './modules/audit/audit.repository.ts';
import { hashPassword } from './modules/auth/passwords.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { findUtilisateurByEmail, insertUtilisateur } from './modules/utilisateurs/utilisateurs.repository.ts';

/** npm run create-admin -- --email … --password … [--nom … --prenom …]: the first admin of a real database. */
async function main() {
  // The embedded database's files stay readable by their owner only, as the server leaves them.
  process.umask(0o077);
  const config = loadConfig();
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      nom: { type: 'string' },
      prenom: { type: 'string' },
    },
  });
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const ask = async (value: string | undefined, question: string) => value ?? (await rl.question(question)).trim();
  const email = emailSchema.parse(await ask(values.email, 'E-mail : '));
  const password = await ask(values.password, 'Mot de passe : ');
  const nom = (await ask(values.nom, 'Nom [Administrateur] : ')) || 'Administrateur';
  const prenom = (await ask(values.prenom, 'Prénom [Principal] : ')) || 'Principal';
  rl.close();

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    template: PGDATA_TEMPLATE,
  });
  // PGlite's first creation copies its files world-writable whatever the umask.
  if (!config.databaseUrl) secureDataDir(config.dataDir);
  try {
    await migrateToLatest(database.db);
    const { security } = await new SettingsService(database.db).get();
    const problem = passwordProblem(password, security);
    if (problem) throw new Error(problem);
    if (await findUtilisateurByEmail(database.db, email)) throw new Error(`Un compte existe déjà pour ${email}`);
    const password_hash = await hashPassword(password);
    await database.db.transaction().execute(async (trx) => {
      const admin = await insertUtilisateur(trx, {
        email,
        password_hash,
        role: 'admin',
        nom,
        prenom,
        telephone: null,
        photo_profil: null,
      });
      await insertAudit(
        trx,
        { ip: null, userAgent: 'create-admin' },
        {
          action: 'created',
          table_name: 'utilisateurs',
          record_id: admin.id,
          new_values: { email, role: 'admin' },
        },
      );
    });
    console.log(`Administrateur ${email} créé.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
