import { z } from 'zod';
import { emailField, requiredText } from './fields.ts';

/** The self-registration's answers (issue 26, spec 1 §7): the same whatever the address, so that none reveals an account. */
export const INSCRIPTION_MESSAGES = {
  registered:
    'Inscription enregistrée. Un lien de vérification vient d’être envoyé à votre adresse e-mail\u00a0: ouvrez-le dans les 24\u00a0heures pour activer votre compte.',
  verified: 'Adresse e-mail vérifiée\u00a0: vous pouvez maintenant vous connecter.',
  linkInvalid: 'Ce lien de vérification n’est plus valable. Demandez-en un nouveau depuis l’écran de connexion.',
  resent: 'Si un compte attend la vérification de cette adresse, un nouveau lien vient de lui être envoyé.',
  emailNotVerified:
    'Votre adresse e-mail n’est pas encore vérifiée\u00a0: ouvrez le lien reçu par e-mail, ou demandez-en un nouveau.',
} as const;

/** The verification link works once, for a day. */
export const VERIFICATION_LINK_HOURS = 24;

const telephone = requiredText('Le téléphone est requis', 30).regex(
  /^\+?[0-9][0-9 .-]{6,}[0-9]$/,
  'Numéro de téléphone invalide',
);

/** POST /personnel-auth/register: a prospect's demandeur account; the password policy is the settings' (checked by the server). */
export const registerBodySchema = z.object({
  email: emailField(),
  password: z.string({ error: 'Le mot de passe est requis' }).min(1, 'Le mot de passe est requis').max(128),
  nom: requiredText('Le nom est requis', 100),
  prenoms: requiredText('Les prénoms sont requis', 100),
  telephone,
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** POST /personnel-auth/verify-email: the link's token. */
export const verifyEmailBodySchema = z.object({
  token: z.string({ error: INSCRIPTION_MESSAGES.linkInvalid }).min(1, INSCRIPTION_MESSAGES.linkInvalid).max(200),
});

/** POST /personnel-auth/resend-verification. */
export const resendVerificationBodySchema = z.object({ email: emailField() });
export type ResendVerificationBody = z.input<typeof resendVerificationBodySchema>;
