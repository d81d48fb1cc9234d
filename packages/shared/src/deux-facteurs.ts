import { z } from 'zod';
import type { Role } from './roles.ts';

/** Two-factor sign-in (issue 26, decision 0028): TOTP codes of an authenticator app, and recovery codes. */
export const DEUX_FACTEURS_MESSAGES = {
  required: 'La double authentification est exigée pour votre compte\u00a0: activez-la pour continuer.',
  codeAsked: 'Saisissez le code affiché par votre application d’authentification.',
  codeInvalid:
    'Code incorrect. Saisissez le code à 6\u00a0chiffres affiché par votre application, ou un de vos codes de secours.',
  enrolmentCodeInvalid:
    'Code incorrect. Vérifiez que l’heure de votre téléphone est juste, puis saisissez le code affiché.',
  locked:
    'Trop de codes incorrects : les connexions depuis cette adresse sont bloquées pour un moment. Un e-mail vous permet de les débloquer.',
  challengeExpired: 'Cette étape de connexion a expiré\u00a0: saisissez à nouveau votre mot de passe.',
  alreadyActive: 'La double authentification est déjà activée sur ce compte.',
  noEnrolment: 'Commencez par scanner le code QR\u00a0: aucune activation n’est en cours.',
  activated: 'Double authentification activée.',
  notActive: 'Ce compte n’a pas de double authentification à réinitialiser.',
  reset: 'Double authentification réinitialisée. Le titulaire l’activera à nouveau à sa prochaine connexion.',
} as const;

/** The roles for which the 'twoFactorAuth' setting makes it required; it is offered to the others. */
export const DEUX_FACTEURS_ROLES: readonly Role[] = ['admin', 'comptable'];

export const isTwoFactorRequired = (role: Role, twoFactorAuth: boolean): boolean =>
  twoFactorAuth && DEUX_FACTEURS_ROLES.includes(role);

/** How many recovery codes an activation gives, and how long the code step of a sign-in waits. */
export const RECOVERY_CODES_COUNT = 10;
export const CHALLENGE_MINUTES = 5;

/** A recovery code's letters: no 0/O, 1/I/L, to be copied by hand without doubt. */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RECOVERY_CODE_LENGTH = 10;

/** A recovery code as typed ('abcde-fghjk', with spaces) reduced to its letters, or null if it cannot be one. */
export function normaliseRecoveryCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== RECOVERY_CODE_LENGTH) return null;
  for (const letter of code) if (!RECOVERY_CODE_ALPHABET.includes(letter)) return null;
  return code;
}

/** 'ABCDEFGHJK' → 'ABCDE-FGHJK', as shown to be written down. */
export const formatRecoveryCode = (code: string): string => `${code.slice(0, 5)}-${code.slice(5)}`;

/** A TOTP code as typed: six digits, spaces allowed ('123 456'). */
export const isTotpCode = (input: string): boolean => /^\d{6}$/.test(input.replace(/\s/g, ''));

const totpCode = z
  .string({ error: 'Veuillez saisir le code à 6 chiffres' })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Le code compte 6 chiffres'));

const signInCode = z
  .string({ error: 'Veuillez saisir le code' })
  .trim()
  .min(1, 'Veuillez saisir le code')
  .max(30)
  .refine((value) => isTotpCode(value) || normaliseRecoveryCode(value) !== null, {
    message: 'Saisissez les 6 chiffres de votre application, ou un code de secours (10 caractères)',
  })
  // '123 456' as read off the phone is sent as '123456'.
  .transform((value) => (isTotpCode(value) ? value.replace(/\s/g, '') : value));

/** POST /personnel-auth/2fa/activation. */
export const deuxFacteursActivationBodySchema = z.object({ code: totpCode });

/** POST /personnel-auth/2fa/verification: the sign-in's pending token and a TOTP or recovery code. */
export const deuxFacteursVerificationBodySchema = z.object({
  jeton_2fa: z
    .string({ error: DEUX_FACTEURS_MESSAGES.challengeExpired })
    .min(1, DEUX_FACTEURS_MESSAGES.challengeExpired)
    .max(200),
  code: signInCode,
});

/** The enrolment: the secret to type by hand, the otpauth:// address, and its QR code (an SVG data URL). */
export const deuxFacteursEnrolementSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_code: z.string(),
});
export type DeuxFacteursEnrolement = z.infer<typeof deuxFacteursEnrolementSchema>;

export const deuxFacteursActivationSchema = z.object({ codes_secours: z.array(z.string()) });

/** A sign-in whose password was right, for an account with two factors: the code step's token. */
export const deuxFacteursChallengeSchema = z.object({
  deux_facteurs_requis: z.literal(true),
  jeton_2fa: z.string(),
});
export type DeuxFacteursChallenge = z.infer<typeof deuxFacteursChallengeSchema>;
