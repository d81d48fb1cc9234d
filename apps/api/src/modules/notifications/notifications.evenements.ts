import { type Role, roleLabel } from '@app/shared';
import type { Evenement } from './notifications.repository.ts';

/** The events several modules tell in the same words. */

/** An account was made: by an admin, from a staff file, or by a prospect's registration. */
export function nouveauCompte(id: number, nom: string, role: Role, origine?: string): Evenement {
  return {
    type: 'compte',
    cle: `compte:${id}`,
    titre: 'Nouveau compte',
    message: `Le compte de ${nom} (${roleLabel(role)}) a été créé${origine ? ` ${origine}` : ''}.`,
    lien: '/personnels/utilisateurs',
  };
}

/**
 * A security event on a staff account, told to its owner and the admins; members' accounts are
 * not watched so (their addresses change with every mobile network), their own mail tells them.
 */
export function securite(cle: string, titre: string, message: string): Evenement {
  return { type: 'securite', cle, titre, message, lien: null };
}

/** What each recurring task does, in the words of a notification. */
const TACHES: Record<string, string> = {
  rappels: 'L’envoi des rappels d’échéance',
  releves_mensuels: 'L’envoi des relevés mensuels',
  'courriels-membres': 'L’envoi des e-mails aux membres',
  sauvegardes: 'La planification des sauvegardes',
  entretien: 'Le nettoyage de nuit',
  'courriels-notifications': 'L’envoi des notifications par e-mail',
  controles: 'Le contrôle quotidien du grand livre',
};

/** The daily check found a broken invariant: the admins and the comptables are told at once. */
export function integriteRompue(ecarts: number, at: Date): Evenement {
  return {
    type: 'systeme',
    cle: `controle:${at.toISOString().slice(0, 10)}`,
    titre: 'Écart dans le grand livre',
    message: `Le contrôle quotidien a trouvé ${ecarts} écart(s) dans le grand livre ou le journal d’audit\u202f; le détail est sur l’onglet Clôture des relevés et dans l’e-mail envoyé.`,
    lien: null,
  };
}

/** A recurring task failed: the admins are told once per task and minute. */
export function tacheEnEchec(tache: string, at: Date): Evenement {
  return {
    type: 'systeme',
    cle: `tache:${tache}:${at.toISOString().slice(0, 16)}`,
    titre: 'Tâche en échec',
    message: `${TACHES[tache] ?? `La tâche ${tache}`} a échoué\u202f; le journal du serveur en donne la cause.`,
    lien: null,
  };
}

/** Maintenance mode turned on or off, told to all staff. */
export function maintenance(on: boolean, at: Date): Evenement {
  return {
    type: 'maintenance',
    cle: `maintenance:${on ? 'on' : 'off'}:${at.toISOString()}`,
    titre: on ? 'Mode maintenance activé' : 'Mode maintenance désactivé',
    message: on
      ? 'Seuls les administrateurs peuvent utiliser l’application jusqu’à la fin de la maintenance.'
      : 'L’application est de nouveau ouverte à tous.',
    lien: null,
  };
}
