import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  BANQUE_MESSAGES,
  CLOTURE_MESSAGES,
  DEMANDE_MESSAGES,
  type ErrorBody,
  type ErrorCode,
  INPUT_MESSAGES,
  MESSAGES,
  PEOPLE_MESSAGES,
  RAPPROCHEMENT_MESSAGES,
  VERSEMENT_MESSAGES,
} from '@app/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

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
  banques_compte_key: { field: 'numero_compte', message: BANQUE_MESSAGES.compteTaken },
  banques_principale_key: { field: 'est_principale', message: BANQUE_MESSAGES.principaleTaken },
  versements_recu_key: { field: 'numero_recu', message: VERSEMENT_MESSAGES.recuTaken },
  // Two matches racing for one movement: the second one's insert meets the first one's row.
  rapprochement_mouvements_pkey: { field: 'mouvements', message: RAPPROCHEMENT_MESSAGES.mouvementIndisponible },
};

/** Removals a history still refers to, with what to do instead. */
const FOREIGN_KEY_VIOLATIONS: Record<string, string> = {
  demandes_gere_par_fkey: PEOPLE_MESSAGES.keptForHistory,
  demandes_traite_par_fkey: PEOPLE_MESSAGES.keptForHistory,
};

/**
 * PostgreSQL's data exceptions that a value sent by a client can cause (too long, out of range,
 * not a number or a date, bad encoding or NUL, bad escape). Others of class 22 (a division by
 * zero, an overflow in a sum) are the server's own bugs: a 500.
 */
const INPUT_DATA_EXCEPTIONS = new Set(['22001', '22003', '22007', '22008', '22021', '22025', '22P02', '22P05']);

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
    } else if (error.code && INPUT_DATA_EXCEPTIONS.has(error.code)) {
      // A value the schemas let through and PostgreSQL refuses: invalid input. The log keeps
      // the SQLSTATE only, never the values.
      request.log.warn({ sqlState: error.code }, 'valeur refusée par la base de données');
      status = 400;
      body = { success: false, message: INPUT_MESSAGES.rejectedByDatabase, code: 'VALIDATION_ERROR' };
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
    } else if (error.code === 'CL001') {
      // A movement dated in a closed month (migration 0027's trigger); its message is the month.
      status = 409;
      body = { success: false, message: CLOTURE_MESSAGES.moisClos(error.message), code: 'CONFLICT' };
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

/** Router errors answered before any route runs: a path parameter over maxParamLength (414), a malformed URL. */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const body: ErrorBody =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { success: false, message: INPUT_MESSAGES.uriTooLong, code: 'URI_TOO_LONG' }
      : { success: false, message: INPUT_MESSAGES.malformedRequest, code: 'VALIDATION_ERROR' };
  reply.status(body.code === 'URI_TOO_LONG' ? 414 : 400).send(body);
}

const CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'HEADERS_TOO_LARGE', message: INPUT_MESSAGES.headersTooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'REQUEST_TIMEOUT', message: INPUT_MESSAGES.requestTimeout },
};

/**
 * Node's HTTP parser errors (headers over 16 KB, a request that never ends, bytes that are not
 * HTTP) never reach a route: the answer is written on the socket, in the same envelope.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: INPUT_MESSAGES.malformedRequest,
  };
  const body: ErrorBody = { success: false, message: known.message, code: known.code };
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
