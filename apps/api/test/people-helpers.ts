import type { Database } from '../src/db/database.ts';
import { nextCodeEsv } from '../src/modules/membres/membres.repository.ts';
import { type AccountOptions, createAccount } from './helpers.ts';

export interface MembreOptions extends AccountOptions {
  gestionnaire_id?: number | null;
  produit_id?: number | null;
  type_membre?: 'standard' | 'premium' | 'vip';
  nom?: string;
  date_inscription?: string;
}

/** A member account with its member file; returns both ids and the code. */
export async function createMembre(db: Database, options: MembreOptions = {}) {
  const account = await createAccount(db, { ...options, role: 'membre' });
  if (options.nom)
    await db.updateTable('utilisateurs').set({ nom: options.nom }).where('id', '=', account.id).execute();
  const membre = await db
    .insertInto('membres')
    .values({
      utilisateur_id: account.id,
      code_esv: nextCodeEsv(),
      num_cni: `CNI${String(account.id).padStart(10, '0')}`,
      date_naissance: '1990-01-01',
      profession: 'Enseignant',
      adresse: 'Cocody',
      ville: 'Abidjan',
      pays: 'Côte d’Ivoire',
      type_membre: options.type_membre ?? 'standard',
      produit_id: options.produit_id ?? null,
      engagement_mensuel: 150000,
      duree_paiement: 60,
      montant_total: 9_000_000,
      gestionnaire_id: options.gestionnaire_id ?? null,
      ...(options.date_inscription ? { date_inscription: options.date_inscription } : {}),
    })
    .returning(['id', 'code_esv', 'num_cni'])
    .executeTakeFirstOrThrow();
  return { ...membre, account };
}
