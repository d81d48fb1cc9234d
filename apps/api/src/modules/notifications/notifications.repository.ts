import {
  mergePreferences,
  NOTIFICATION_SWITCH,
  NOTIFICATIONS_COUNT_CAP,
  type NotificationType,
  type Role,
  STAFF_ROLES,
} from '@app/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** An event told to staff: `cle` names it once, so a retried transaction never tells it twice. */
export interface Evenement {
  type: NotificationType;
  cle: string;
  titre: string;
  message: string;
  /** The web app's path of its screen. */
  lien: string | null;
}

/** Who is told: active staff accounts of these roles and these ones, the event's author never. */
export interface Destinataires {
  roles?: readonly Role[];
  utilisateurs?: readonly (number | null | undefined)[];
  sauf?: number | null | undefined;
  /** False when the event's own e-mail already went to them (a backup's alert): the bell only. */
  courriel?: boolean;
}

/**
 * Tells the event to its recipients, in the caller's transaction: one row each, for those whose
 * switch lets its type through, with an e-mail to send when they want e-mail. The number told.
 */
export async function notifier(db: Executor, evenement: Evenement, to: Destinataires): Promise<number> {
  const roles = to.roles ?? [];
  const ids = (to.utilisateurs ?? []).filter((id): id is number => typeof id === 'number');
  if (roles.length === 0 && ids.length === 0) return 0;
  let query = db
    .selectFrom('utilisateurs')
    .leftJoin('preferences', 'preferences.utilisateur_id', 'utilisateurs.id')
    .select(['utilisateurs.id', 'preferences.value'])
    .where('utilisateurs.statut', '=', 'actif')
    .where('utilisateurs.role', 'in', STAFF_ROLES)
    .where((eb) =>
      eb.or([
        ...(roles.length ? [eb('utilisateurs.role', 'in', roles)] : []),
        ...(ids.length ? [eb('utilisateurs.id', 'in', ids)] : []),
      ]),
    );
  if (typeof to.sauf === 'number') query = query.where('utilisateurs.id', '<>', to.sauf);
  const rows = [];
  for (const account of await query.execute()) {
    const prefs = mergePreferences(account.value).notifications;
    if (!prefs[NOTIFICATION_SWITCH[evenement.type]]) continue;
    rows.push({
      utilisateur_id: account.id,
      ...evenement,
      courriel: prefs.emailEnabled && to.courriel !== false ? ('attente' as const) : ('aucun' as const),
    });
  }
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto('notifications')
    .values(rows)
    .onConflict((oc) => oc.columns(['utilisateur_id', 'cle']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** A page of an account's notifications, newest first. */
export async function listNotifications(
  db: Executor,
  utilisateurId: number,
  { nonLues, limit, offset }: { nonLues: boolean; limit: number; offset: number },
) {
  let query = db
    .selectFrom('notifications')
    .select(['id', 'type', 'titre', 'message', 'lien', 'lue_at', 'created_at'])
    .where('utilisateur_id', '=', utilisateurId);
  if (nonLues) query = query.where('lue_at', 'is', null);
  return query.orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

/** How many, read or not, up to the cap: the count walks an index and stops there. */
export async function countNotifications(db: Executor, utilisateurId: number, nonLues: boolean): Promise<number> {
  let inner = db.selectFrom('notifications').select(sql`1`.as('one')).where('utilisateur_id', '=', utilisateurId);
  if (nonLues) inner = inner.where('lue_at', 'is', null);
  const row = await db
    .selectFrom(inner.limit(NOTIFICATIONS_COUNT_CAP + 1).as('n'))
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Marks one as read; false when it is not the account's. */
export async function markRead(db: Executor, utilisateurId: number, id: number): Promise<boolean> {
  const found = await db
    .updateTable('notifications')
    .set({ lue_at: sql`coalesce(lue_at, now())` })
    .where('id', '=', id)
    .where('utilisateur_id', '=', utilisateurId)
    .returning('id')
    .executeTakeFirst();
  return found !== undefined;
}

export async function markAllRead(db: Executor, utilisateurId: number): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ lue_at: new Date() })
    .where('utilisateur_id', '=', utilisateurId)
    .where('lue_at', 'is', null)
    .execute();
}

/** The e-mails waiting, with their recipient and his choices, in his order. */
export async function pendingEmails(db: Executor, limit: number) {
  return db
    .selectFrom('notifications')
    .innerJoin('utilisateurs', 'utilisateurs.id', 'notifications.utilisateur_id')
    .leftJoin('preferences', 'preferences.utilisateur_id', 'notifications.utilisateur_id')
    .select([
      'notifications.id',
      'notifications.utilisateur_id',
      'notifications.titre',
      'notifications.message',
      'notifications.lien',
      'notifications.created_at',
      'utilisateurs.email',
      'utilisateurs.prenom',
      'preferences.value as preferences',
    ])
    .where('notifications.courriel', '=', 'attente')
    .orderBy('notifications.utilisateur_id')
    .orderBy('notifications.id')
    .limit(limit)
    .execute();
}

/**
 * Takes these e-mails for one send: only rows still waiting move, so two instances' runs never
 * send one twice; a server stopped before the outcome leaves them `envoi`, never sent again.
 */
export async function claimEmails(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('notifications')
    .set({ courriel: 'envoi', courriel_at: new Date() })
    .where('id', 'in', ids)
    .where('courriel', '=', 'attente')
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function recordEmails(db: Executor, ids: readonly number[], courriel: 'envoye' | 'echec'): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('notifications').set({ courriel, courriel_at: new Date() }).where('id', 'in', ids).execute();
}

/** The recipient turned e-mail off since: what waited for him goes no more. */
export async function dropEmails(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('notifications')
    .set({ courriel: 'aucun', courriel_at: new Date() })
    .where('id', 'in', ids)
    .where('courriel', '=', 'attente')
    .execute();
}
