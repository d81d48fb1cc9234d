import { employeeCode, formatFCFA, MESSAGES, type StaffRole } from '@app/shared';
import { ApiError } from '../../api/index.ts';

/** "450 000 FCFA", or "Non défini" (spec 3 §3). */
export function salaryText(salaire: number | null): string {
  return salaire === null ? 'Non défini' : formatFCFA(salaire);
}

/** The add-staff form's code generator: CHES-{prefix}-{last 6 digits of the clock} (spec 3 §5). */
export function generateEmployeeCode(role: StaffRole, now = Date.now()): string {
  return employeeCode(role, String(now).slice(-6));
}

export interface StaffLoadError {
  title: string;
  message: string;
  /** The session is over: the way out is to reload the page. */
  sessionExpired: boolean;
}

/**
 * The staff page's error banner (spec 3 §8): the message by failure (401, 404, network), the
 * title from the message ("Session expirée", "Problème de connexion", else "Erreur").
 */
export function staffLoadError(error: Error): StaffLoadError {
  let message = error.message;
  if (error instanceof ApiError) {
    if (error.isAuth) message = MESSAGES.sessionExpired;
    else if (error.status === 404) message = 'Service personnels non disponible.';
    else if (error.kind === 'network') message = 'Problème de connexion au serveur.';
  }
  const sessionExpired = message.includes('Session expirée');
  const title = sessionExpired ? 'Session expirée' : message.includes('connexion') ? 'Problème de connexion' : 'Erreur';
  return { title, message, sessionExpired };
}
