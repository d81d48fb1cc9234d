/** French messages shown by both the server and the web app (spec 1 §8, decisions §2–§3). */
export const MESSAGES = {
  tokenMissing: 'Token d’authentification manquant',
  refreshTokenMissing: 'Token de rafraîchissement manquant',
  sessionExpired: 'Session expirée. Veuillez vous reconnecter.',
  forbidden: 'Accès refusé – Rôle insuffisant.',
  notFound: 'Ressource non trouvée',
  tooManyRequests: 'Trop de requêtes, veuillez réessayer plus tard.',
  maintenance: 'Application en maintenance. Seuls les administrateurs peuvent y accéder pour le moment.',
  invalidInput: 'Données invalides. Vérifiez les informations saisies.',
  internalError: 'Erreur interne du serveur. Veuillez réessayer plus tard.',
  badCredentials: 'Identifiants incorrects. Vérifiez votre e-mail et mot de passe.',
  accountDisabled: 'Ce compte est désactivé ou suspendu. Contactez un administrateur.',
  passwordChangeRequired: 'Vous devez changer votre mot de passe temporaire avant de continuer.',
  currentPasswordWrong: 'Le mot de passe actuel est incorrect.',
  passwordChanged: 'Mot de passe modifié avec succès',
  resetCodeInvalid: 'Code de réinitialisation invalide ou expiré',
  resetRequested: 'Si un compte correspond à cette adresse, un code de réinitialisation a été envoyé par e-mail.',
  passwordReset: 'Mot de passe réinitialisé !',
  accountUnlocked: 'Votre compte est débloqué. Vous pouvez vous connecter.',
  unlockLinkInvalid: 'Ce lien de déblocage est invalide, expiré ou a déjà servi.',
  loggedOut: 'Déconnexion réussie',
  profileSaved: 'Profil sauvegardé avec succès !',
  emailTaken: 'Cette adresse e-mail est déjà utilisée par un autre compte.',
  // Client side (spec 1 §8)
  loginNetwork: 'Impossible de se connecter au serveur. Vérifiez votre connexion internet.',
  loginOther: 'Erreur de connexion',
  circuitOpen: 'Service temporairement indisponible. Réessayez plus tard.',
  networkFailure: 'Erreur de connexion : Impossible de joindre le serveur après 3 tentatives',
  sessionExpiredToast: 'Votre session a expiré. Veuillez vous reconnecter.',
  refreshFailedToast: 'Erreur de rafraîchissement de session. Reconnexion peut être nécessaire.',
  networkToast: 'Problème de connexion réseau.',
  serverToast: 'Erreur du serveur. Veuillez réessayer plus tard.',
  forgotNetwork: 'Impossible de se connecter au serveur',
  forgotServer:
    'Le serveur rencontre un problème temporaire. Veuillez réessayer dans quelques minutes ou contacter le support technique.',
  forgotFallback: 'Erreur lors de l’envoi du code',
  resetFallback: 'Erreur lors de la réinitialisation',
} as const;

/** What the server answers to malformed input, whichever field or layer refuses it. */
export const INPUT_MESSAGES = {
  invalidId: 'Identifiant invalide',
  invalidCharacters: 'Ce champ contient des caractères non autorisés.',
  invalidValue: 'Valeur invalide pour ce champ.',
  tooDeep: 'Données invalides. La structure envoyée est trop imbriquée.',
  malformedForm: 'Formulaire incomplet ou mal formé. Veuillez le renvoyer.',
  rejectedByDatabase: 'Données invalides. Une valeur est hors des limites acceptées.',
  uriTooLong: 'Adresse de la requête trop longue.',
  headersTooLarge: 'En-têtes de la requête trop volumineux.',
  requestTimeout: 'La requête a pris trop de temps.',
  malformedRequest: 'Requête mal formée.',
  dateInvalid: 'Date invalide (entre 2000 et 2100)',
} as const;

export function httpStatusMessage(status: number): string {
  if (status === 429) return MESSAGES.tooManyRequests;
  if (status >= 500) return `Erreur serveur : ${status}`;
  if (status === 404) return MESSAGES.notFound;
  if (status === 401) return MESSAGES.sessionExpired;
  return `Erreur HTTP : ${status}`;
}

export function timeoutMessage(seconds: number): string {
  return `Timeout : La requête a pris plus de ${seconds} secondes`;
}
