import { z } from 'zod';
import { deuxFacteursChallengeSchema } from './deux-facteurs.ts';
import { MESSAGES } from './messages.ts';
import { roleSchema } from './roles.ts';

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);
const email = z
  .string({ error: 'Veuillez saisir votre adresse e-mail' })
  .trim()
  .min(1, 'Veuillez saisir votre adresse e-mail')
  .email('Veuillez saisir une adresse e-mail valide')
  .max(254)
  .transform((v) => v.toLowerCase());

/** The signed-in person's profile (decisions §3: login `data.personnel`). */
export const profileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nom: z.string(),
  prenom: z.string(),
  telephone: z.string().nullable(),
  role: roleSchema,
  photo_profil: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  password_changed_at: z.string(),
  must_change_password: z.boolean(),
  /** Two-factor sign-in is active on the account. */
  deux_facteurs: z.boolean(),
  /** This session was opened by a password alone where two factors are required: it must enrol first. */
  deux_facteurs_a_activer: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** One's own profile photo (issue 26): cropped square in the browser, one image checked by its content. */
export const PHOTO_PROFIL_MESSAGES = {
  required: 'Choisissez une photo (JPEG, PNG ou WebP).',
  saved: 'Photo de profil enregistrée',
  removed: 'Photo de profil retirée',
} as const;

export const loginBodySchema = z.object({
  identifier: requiredText('Veuillez saisir votre identifiant').max(254),
  password: z
    .string({ error: 'Veuillez saisir votre mot de passe' })
    .min(1, 'Veuillez saisir votre mot de passe')
    .max(256),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionTokensSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  /** End of the session (refresh token lifetime), ISO date: drives the header countdown. */
  sessionExpiresAt: z.string(),
});

export const loginDataSchema = sessionTokensSchema.extend({
  personnel: profileSchema,
  must_change_password: z.boolean(),
});
export type LoginData = z.infer<typeof loginDataSchema>;

/** A sign-in's answer: the session, or the code step for an account with two factors. */
export const loginAnswerSchema = z.union([loginDataSchema, deuxFacteursChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const refreshBodySchema = z.object({
  refreshToken: z
    .string({ error: 'Token de rafraîchissement manquant' })
    .min(1, 'Token de rafraîchissement manquant')
    .max(200),
});

/** The spec reads token, refreshToken, user and profile at the top level of the refresh answer. */
export const refreshResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  refreshToken: z.string(),
  sessionExpiresAt: z.string(),
  user: z.object({ id: z.number().int(), email: z.string() }),
  profile: profileSchema,
  data: sessionTokensSchema,
});

/** Logout names the session by the bearer token or, when that has expired, by the refresh token. */
export const logoutBodySchema = z.object({ refreshToken: z.string().max(200).optional() }).nullish();

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, 'Veuillez saisir votre mot de passe actuel').max(256),
  newPassword: z.string().min(1, 'Veuillez saisir un nouveau mot de passe').max(256),
});

/** Staff forgot-password: `{ email }` or `{ identifier }` (decisions §3). */
export const staffForgotBodySchema = z
  .object({ email: z.string().optional(), identifier: z.string().optional() })
  .transform((body) => ({ email: body.email ?? body.identifier ?? '' }))
  .pipe(z.object({ email }));

export const memberForgotBodySchema = z.object({ email });

const resetCode = z
  .string({ error: 'Veuillez saisir le code de réinitialisation' })
  .trim()
  .min(1, 'Veuillez saisir le code de réinitialisation')
  .max(20);
const newPassword = z
  .string({ error: 'Veuillez saisir un nouveau mot de passe' })
  .min(1, 'Veuillez saisir un nouveau mot de passe')
  .max(256);

/** The lock notice's unlock link carries one opaque token. */
export const unlockBodySchema = z.object({
  token: z.string({ error: MESSAGES.unlockLinkInvalid }).trim().min(1, MESSAGES.unlockLinkInvalid).max(200),
});

export const staffResetBodySchema = z.object({ email, token: resetCode, password: newPassword });
export const memberResetOtpBodySchema = z.object({ email, otp_code: resetCode, new_password: newPassword });

export const profileUpdateBodySchema = z.object({
  prenom: requiredText('Le prénom est requis').max(100),
  nom: requiredText('Le nom est requis').max(100),
  email,
  telephone: z
    .string()
    .trim()
    .max(30)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

export { email as emailSchema };
