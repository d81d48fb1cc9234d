import { z } from 'zod';
import { formatFCFA } from './format.ts';
import { INPUT_MESSAGES } from './messages.ts';

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
export const emailField = (invalidMessage = 'Format d’e-mail invalide') =>
  z
    .string({ error: 'L’e-mail est requis' })
    .trim()
    .min(1, 'L’e-mail est requis')
    .email(invalidMessage)
    .max(254)
    .transform((v) => v.toLowerCase());

/**
 * How a typed value compares with a list's entries: typography is for display, so the straight
 * and curly apostrophes, the hyphen and its dash look-alikes, every kind of space, letter case and
 * Unicode composition are the same choice ('Côte d'Ivoire' is 'Côte d’Ivoire').
 */
export function choiceKey(value: string): string {
  return value
    .normalize('NFC')
    .replace(/['\u2018\u2019\u02bc\u0060\u00b4\u2032]/g, '’')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim()
    .toLocaleLowerCase('fr');
}

/** The list's own entry for a typed value (its stored and answered form), or undefined when none matches. */
export function canonicalChoice<T extends string>(values: readonly T[], value: string): T | undefined {
  const key = choiceKey(value);
  return values.find((v) => choiceKey(v) === key);
}

/**
 * One value of a closed list, whatever its typography: a typed variant becomes the list's entry,
 * anything else gets `message`.
 */
export const choiceField = <const T extends readonly [string, ...string[]]>(values: T, message?: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (canonicalChoice(values, v) ?? v) : v),
    z.enum(values, message === undefined ? undefined : { error: message }),
  );

/** A date as the forms send it ('YYYY-MM-DD'): required with its message, a real calendar day of 2000–2100. */
export const dateField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .pipe(
      z.iso
        .date({ error: INPUT_MESSAGES.dateInvalid })
        .refine((v) => v >= '2000-01-01' && v <= '2100-12-31', INPUT_MESSAGES.dateInvalid),
    );

/** The largest PostgreSQL `integer`: every id column, and the default bound of an integer field. */
export const PG_INT_MAX = 2_147_483_647;

/** Decimal digits only, as a query string or a multipart field carries a number ("0x10", "1e3", " 7 " are refused). */
const DIGITS = /^[0-9]{1,16}$/;
const DECIMAL = /^[0-9]{1,16}(\.[0-9]{1,6})?$/;
const FRACTION = /^-?[0-9]+\.[0-9]+$/;

export interface NumberBounds {
  min?: number;
  max?: number;
  /** The message for a number with a fractional part, when it differs. */
  integerMessage?: string;
  /** The message for a number above `max`, when it differs. */
  maxMessage?: string;
}

/**
 * An integer within bounds (0 to PG_INT_MAX unless told), sent as a JSON number or as a string
 * of decimal digits; anything else (an array, a boolean, hex, exponent, spaces) gets `message`.
 * The bounds sit on the number branch too, so that the OpenAPI document shows them; the integer
 * check comes first there, so that 0.5 is said to be a fraction, not too small.
 */
export const intField = (
  message?: string,
  { min = 0, max = PG_INT_MAX, integerMessage = message, maxMessage = message }: NumberBounds = {},
) =>
  z
    .union(
      [
        z.number().multipleOf(1, integerMessage).min(min, message).max(max, maxMessage).meta({ type: 'integer' }),
        z.string().regex(DIGITS).transform(Number),
      ],
      // A multipart field or a JSON body read as text ('12.5') is a fraction too.
      { error: (issue) => (FRACTION.test(String(issue.input)) ? integerMessage : message) },
    )
    .pipe(z.number().int(integerMessage).min(min, message).max(max, maxMessage));

/** The largest amount one operation may carry: 100 billion FCFA, far below bigint's range. */
export const MONTANT_MAX = 100_000_000_000;

/** What an amount field says of centimes and of too much, whichever amount it is. */
export const AMOUNT_MESSAGES = {
  whole: 'Le montant doit être un nombre entier de FCFA',
  tooLarge: (max: number) => `Le montant ne peut pas dépasser ${formatFCFA(max)}`,
} as const;

/**
 * An amount in whole FCFA from `min` (1 unless told) to `max` (MONTANT_MAX unless told): `message`
 * when it is missing or too small ('Le montant doit être supérieur à 0'), its own words for
 * centimes and for too much, so that a form says exactly what is wrong with what was typed.
 */
export const montantField = (message: string, { min = 1, max = MONTANT_MAX }: { min?: number; max?: number } = {}) =>
  intField(message, { min, max, integerMessage: AMOUNT_MESSAGES.whole, maxMessage: AMOUNT_MESSAGES.tooLarge(max) });

/** A decimal number within bounds (e.g. a surface), as a JSON number or digits with an optional decimal point. */
export const decimalField = (message?: string, { min = 0, max = PG_INT_MAX }: NumberBounds = {}) =>
  z
    .union([z.number().min(min, message).max(max, message), z.string().regex(DECIMAL).transform(Number)], {
      error: message,
    })
    .pipe(z.number().min(min, message).max(max, message));

/** A row id in a path, a query or a body: an integer from 1 to PostgreSQL's integer maximum. */
export const idField = (message: string = INPUT_MESSAGES.invalidId) => intField(message, { min: 1 });

/** `/…/:id` path parameters. */
export const idParamsSchema = z.object({ id: idField() });
