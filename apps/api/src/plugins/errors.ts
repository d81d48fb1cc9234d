import { DEMANDE_MESSAGES, type ErrorBody, errorBodySchema, MESSAGES, PEOPLE_MESSAGES } from '@app/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 423, 429, 500, 503] as const;

/** Every route answers its errors in the one shape of decisions §2. */
export function addErrorResponses(schema: { response?: Record<string | number, unknown> } | undefined) {
  if (!schema) return;
  schema.response ??= {};
  for (const status of ERROR_STATUSES) schema.response[status] ??= errorBodySchema;
}

function fieldErrors(
  issues: {
    instancePath?: string;
    message?: string;
    params?: { issue?: { path?: PropertyKey[]; message?: string } };
  }[],
) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path =
      issue.params?.issue?.path?.map(String).join('.') ||
      issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') ||
      '_';
    errors[path] ??= issue.params?.issue?.message ?? issue.message ?? MESSAGES.invalidInput;
  }
  return errors;
}

/** Unique constraints a person can hit, with the field and the French message to answer. */
const UNIQUE_VIOLATIONS: Record<string, { field: string; message: string }> = {
  utilisateurs_email_key: { field: 'email', message: MESSAGES.emailTaken },
  personnel_num_cni_key: { field: 'num_cni', message: PEOPLE_MESSAGES.cniTaken },
  membres_num_cni_key: { field: 'num_cni', message: PEOPLE_MESSAGES.cniTaken },
  personnel_code_employe_key: { field: 'code_employe', message: PEOPLE_MESSAGES.codeTaken },
  membres_produit_key: { field: 'produit_id', message: DEMANDE_MESSAGES.productHeld },
};

/** Removals a history still refers to, with what to do instead. */
const FOREIGN_KEY_VIOLATIONS: Record<string, string> = {
  demandes_gere_par_fkey: PEOPLE_MESSAGES.keptForHistory,
  demandes_traite_par_fkey: PEOPLE_MESSAGES.keptForHistory,
};

/**
 * One error path: AppError codes map to statuses, validation to 400 with field messages,
 * unique violations to 409, body limits to 413, anything else to a generic 500 and a log line.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    let status: number;
    let body: ErrorBody;
    if (error instanceof AppError) {
      status = error.status;
      body = {
        success: false,
        message: error.message,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation as never);
      const first = Object.values(errors)[0];
      status = 400;
      body = { success: false, message: first ?? MESSAGES.invalidInput, code: 'VALIDATION_ERROR', errors };
    } else if (error.code === '23514') {
      // A database CHECK the schemas let through: invalid input, never a 500.
      status = 400;
      body = { success: false, message: MESSAGES.invalidInput, code: 'VALIDATION_ERROR' };
    } else if (error.code === '23505') {
      status = 409;
      const known = UNIQUE_VIOLATIONS[(error as { constraint?: string }).constraint ?? ''];
      body = known
        ? { success: false, message: known.message, code: 'CONFLICT', errors: { [known.field]: known.message } }
        : { success: false, message: 'Cette valeur existe déjà.', code: 'CONFLICT' };
    } else if (error.code === '23503') {
      // A row still referenced elsewhere: the services check the known cases first.
      status = 409;
      const message =
        FOREIGN_KEY_VIOLATIONS[(error as { constraint?: string }).constraint ?? ''] ??
        'Cet élément est encore utilisé ailleurs.';
      body = { success: false, message, code: 'CONFLICT' };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { success: false, message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' };
    } else if (error.statusCode === 413) {
      status = 413;
      body = { success: false, message: 'Fichier ou requête trop volumineux.', code: 'PAYLOAD_TOO_LARGE' };
    } else if (error.statusCode === 415) {
      status = 415;
      body = { success: false, message: 'Type de contenu non pris en charge.', code: 'UNSUPPORTED_MEDIA_TYPE' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON and the like: the framework's own 4xx.
      status = 400;
      body = { success: false, message: MESSAGES.invalidInput, code: 'VALIDATION_ERROR' };
    } else {
      request.log.error({ err: error }, 'erreur non gérée');
      status = 500;
      body = { success: false, message: MESSAGES.internalError, code: 'INTERNAL_ERROR' };
    }
    if (status === 401) reply.header('WWW-Authenticate', 'Bearer');
    return reply.status(status).send(body);
  });
}
