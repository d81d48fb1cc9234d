import { INPUT_MESSAGES } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/** Deeper JSON is refused before it is parsed: no form of the product nests more than a few levels. */
export const MAX_JSON_DEPTH = 32;

/**
 * NUL (PostgreSQL text refuses it) and lone UTF-16 surrogates (jsonb refuses them, text would
 * store a replacement character): in unicode mode a lone surrogate is a code point of category Cs.
 */
const FORBIDDEN_CHARACTERS = /[\0\p{Cs}]/u;

/** Refuses a text that PostgreSQL could not store as sent, naming its field. */
export function assertStorableText(value: string, field: string) {
  if (FORBIDDEN_CHARACTERS.test(value)) {
    throw new AppError('VALIDATION_ERROR', INPUT_MESSAGES.invalidCharacters, {
      [field]: INPUT_MESSAGES.invalidCharacters,
    });
  }
}

/** Every string (keys included) of a parsed query, path or body; depth is bounded by the JSON parser. */
function assertStorable(value: unknown, path: string) {
  if (typeof value === 'string') assertStorableText(value, path || '_');
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      assertStorableText(key, field);
      assertStorable(item, field);
    }
  }
}

/** The nesting depth of a JSON text, counted without parsing it (brackets inside strings do not count). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/**
 * Input no schema can express: JSON bodies nested too deep (a stack overflow further on) and
 * text PostgreSQL cannot store, anywhere in the query, the path or a JSON body. Multipart
 * fields are checked as they are read (plugins/files.ts).
 */
export function registerInputGuards(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepth(body as string) > MAX_JSON_DEPTH) {
      return done(new AppError('VALIDATION_ERROR', INPUT_MESSAGES.tooDeep), undefined);
    }
    return parseJson(request, body as string, done);
  });

  app.addHook('preValidation', async (request) => {
    assertStorable(request.params, '');
    assertStorable(request.query, '');
    assertStorable(request.body, '');
  });
}
