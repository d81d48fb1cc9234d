import { can, errorBodySchema, ROLES } from '@app/shared';
import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type FileFields, fileFieldSchemas } from './files.ts';

declare module 'fastify' {
  interface FastifySchema {
    /** A form the handler reads with readForm: documented as the request body, never validated by Fastify. */
    form?: { fields: z.ZodType; files: FileFields; requiredFiles: readonly string[] };
  }
}

/** What each error status means, as the OpenAPI document says it (the body is always the error envelope). */
const ERROR_DESCRIPTIONS = {
  400: 'Données invalides\u00a0: le message, et un message par champ',
  401: 'Non authentifié\u00a0: jeton absent, invalide ou expiré, ou identifiants refusés',
  403: 'Accès refusé\u00a0: droit du rôle, compte désactivé, mot de passe temporaire à changer, ou règle des quatre yeux',
  404: 'Ressource non trouvée',
  409: 'Refusé dans l’état actuel des données (déjà traité, encore utilisé, valeur déjà prise…)',
  413: 'Fichier ou requête trop volumineux',
  415: 'Type de contenu ou de fichier non accepté',
  429: 'Trop de requêtes\u00a0: réessayez plus tard',
  500: 'Erreur interne du serveur',
  503: 'Maintenance en cours (les administrateurs restent servis)',
} as const;

type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/**
 * The error answers a route declares itself, beyond those `documentRoute` derives: a conflict with
 * the data's state (409), a lookup without a path parameter (404), a public route's own refusals.
 */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}

/**
 * Completes an /api route's schema from its config (onRoute): `security: []` when it is public, and the
 * error statuses it can answer to a client that follows the document.
 */
export function documentRoute(route: RouteOptions) {
  const schema = route.schema;
  if (!schema) return;
  if (route.config?.public) schema.security = [];
  const response = { ...(schema.response as Record<number, unknown> | undefined) };
  for (const status of derivedErrors(route)) response[status] ??= errorBodySchema;
  schema.response = response;
}

function derivedErrors({ config = {}, schema = {}, onRequest }: RouteOptions): ErrorStatus[] {
  const statuses: ErrorStatus[] = [500];
  const right = config.right;
  const body = Boolean(schema.body || schema.form);
  if (body || schema.params || schema.querystring || schema.headers) statuses.push(400);
  if (!config.public) {
    statuses.push(401);
    // The rights check, and the temporary password to change first (outside the few routes allowed meanwhile).
    if (!config.duringPasswordChange || ROLES.some((role) => !right || !can(role, right))) statuses.push(403);
    // Maintenance mode turns away every signed-in role but the admin.
    if (ROLES.some((role) => role !== 'admin' && right && can(role, right))) statuses.push(503);
  }
  // A path parameter names a row that may be missing, unless the answer is a list filtered by it
  // (an unknown parent is an empty list); lists whose parent must exist declare their 404.
  if (schema.params && !answersList(schema.response)) statuses.push(404);
  // The 1 MB body limit; a content type other than the operation's.
  if (body) statuses.push(413, 415);
  // The API's hourly limit, or the route's own limiter when it opts out of the global one (health has none).
  if (config.rateLimit !== false || onRequest) statuses.push(429);
  return statuses;
}

function answersList(response: unknown): boolean {
  const success = (response as Record<number, z.ZodType> | undefined)?.[200];
  const data = (success as { shape?: Record<string, z.ZodType> } | undefined)?.shape?.data;
  return data?.def.type === 'array';
}

/**
 * The schema part of a route whose handler reads a form (plugins/files.ts): multipart with its file
 * fields, or JSON with the same fields and no file. A body schema would make Fastify validate it, so the
 * form is only described here, for the OpenAPI document; the service parses the fields. A file that
 * must be sent (a new site's photos) leaves multipart alone.
 */
export function formBody(fields: z.ZodType, files: FileFields, requiredFiles: readonly string[] = []) {
  const consumes = requiredFiles.length ? ['multipart/form-data'] : ['multipart/form-data', 'application/json'];
  return { consumes, form: { fields, files, requiredFiles } };
}

/** @fastify/swagger's options: the document's head, and each route's schemas as OpenAPI 3.0 (`openapiTransform`). */
export function swaggerOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'API Autopromotion Immobilière',
        version: '1.0.0',
        description: 'Back-office, montants en FCFA.',
        license: { name: 'Propriétaire, tous droits réservés' },
      },
      // Relative: the server that serves this document, whatever its address.
      servers: [{ url: '/', description: 'Le serveur qui publie ce document' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        schemas: { ErrorBody: z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' }) as object },
      },
      security: [{ bearer: [] }],
    },
    transform: openapiTransform,
  };
}

/** The zod schemas as JSON Schema, tidied, and a form route's fields as its request body. */
const openapiTransform: SwaggerTransform = (input) => {
  const { form, ...schema } = input.schema;
  const { schema: out, url } = jsonSchemaTransform({
    ...input,
    schema: form ? { ...schema, body: form.fields } : schema,
  });
  for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
    if (out[part]) out[part] = tidy(out[part] as JsonSchema);
  }
  // Every error answers the one envelope: described by its status, referred to once in the components.
  const responses = (input.schema.response ?? {}) as Record<string, unknown>;
  if (out.response) {
    out.response = Object.fromEntries(
      Object.entries(out.response).map(([status, answer]) => [
        status,
        responses[status] === errorBodySchema ? errorAnswer(Number(status) as ErrorStatus) : tidy(answer as JsonSchema),
      ]),
    );
  }
  if (form) out.body = formContent(out.body as JsonSchema, form);
  return { schema: out, url };
};

const errorAnswer = (status: ErrorStatus) => ({
  description: ERROR_DESCRIPTIONS[status],
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

/** A form's request body: multipart with its file parts, and the same fields as JSON unless a file is required. */
function formContent(fields: JsonSchema, form: NonNullable<FastifySchema['form']>) {
  const required = [...(fields.required ?? []), ...form.requiredFiles];
  const multipart = {
    ...fields,
    properties: { ...fields.properties, ...fileFieldSchemas(form.files) },
    ...(required.length ? { required } : {}),
  };
  return {
    content: {
      'multipart/form-data': { schema: multipart },
      ...(form.requiredFiles.length ? {} : { 'application/json': { schema: fields } }),
    },
  };
}

interface JsonSchema {
  [keyword: string]: unknown;
  type?: string;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
}

/**
 * What zod's OpenAPI 3.0 output holds that OpenAPI 3.0 refuses or says badly, set right in every
 * subschema: an anyOf of one schema (fastify-type-provider-zod 7 drops the digits branch of a described
 * integer field) is that schema; `nullable` needs a type beside it, so it goes into each anyOf branch;
 * a record over a closed set of keys (required keys, no properties) names its properties.
 */
function tidy(schema: JsonSchema): JsonSchema {
  let out: JsonSchema = { ...schema };
  if (out.properties) {
    out.properties = Object.fromEntries(Object.entries(out.properties).map(([key, value]) => [key, tidy(value)]));
  }
  for (const keyword of ['items', 'additionalProperties', 'not']) {
    const value = out[keyword];
    if (value && typeof value === 'object') out[keyword] = tidy(value as JsonSchema);
  }
  for (const keyword of ['anyOf', 'allOf', 'oneOf']) {
    const value = out[keyword];
    if (Array.isArray(value)) out[keyword] = value.map(tidy);
  }
  if (out.anyOf?.length === 1) {
    const { anyOf, ...rest } = out;
    out = { ...anyOf[0], ...rest };
  }
  if (out.nullable && !out.type && out.anyOf) {
    const { nullable, anyOf, ...rest } = out;
    out = { ...rest, anyOf: anyOf.map((branch) => ({ ...branch, nullable })) };
  }
  const { properties = {}, additionalProperties } = out;
  const unnamed = (out.required ?? []).filter((key) => !(key in properties));
  if (unnamed.length && typeof additionalProperties === 'object') {
    out.properties = { ...properties, ...Object.fromEntries(unnamed.map((key) => [key, additionalProperties])) };
  }
  return out;
}
