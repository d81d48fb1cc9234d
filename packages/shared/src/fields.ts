import { z } from 'zod';

/** Field builders the forms' schemas share: one way to say "required", "optional" and "e-mail". */

/** Trimmed text, required with the form's message, at most `max` characters. */
export const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max);

/** Trimmed text that may be left empty: stored as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullish();

/** A required e-mail address, compared and stored in lower case. */
export const emailField = (invalidMessage = "Format d'email invalide") =>
  z
    .string({ error: "L'email est requis" })
    .trim()
    .min(1, "L'email est requis")
    .email(invalidMessage)
    .max(254)
    .transform((v) => v.toLowerCase());
