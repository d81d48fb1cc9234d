import {
  fileTooLargeMessage,
  INPUT_MESSAGES,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MESSAGES,
  PHOTO_MIME_TYPES,
  PLAN_MIME_TYPES,
  RELEVE_MAX_BYTES,
  RELEVE_MESSAGES,
  RELEVE_MIME_TYPES,
  SCAN_MAX_BYTES,
  SCAN_MIME_TYPES,
  VERSEMENT_MESSAGES,
} from '@app/shared';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../errors.ts';
import type { IncomingFile } from '../media/media-store.ts';
import { assertStorableText } from './input.ts';

export type FileKind = 'photo' | 'plan' | 'scan' | 'releve';

/** A form's files by kind, with the word its messages use for a photo ("image" or "photo"). */
export interface FileFields {
  [field: string]: { kind: FileKind; word: 'image' | 'photo' | 'plan' | 'scan' | 'releve'; max: number };
}

export interface ParsedForm {
  fields: Record<string, string>;
  files: Record<FileKind, IncomingFile[]>;
}

const refusedType = (name: string, types: string) =>
  `Le fichier « ${name} » n’est pas accepté. Types acceptés : ${types}.`;

/** What each kind of file may be, and what the refusals say (a payment scan has the spec's own words). */
const KINDS: Record<
  FileKind,
  {
    mimes: readonly string[];
    /** The accepted types as people name them. */
    types: string;
    maxBytes: number;
    refusedType: (name: string) => string;
    tooLarge: (word: FileFields[string]['word'], name: string) => string;
  }
> = {
  photo: {
    mimes: PHOTO_MIME_TYPES,
    types: 'JPEG, PNG ou WebP',
    maxBytes: MEDIA_LIMITS.maxFileBytes,
    refusedType: (name) => refusedType(name, KINDS.photo.types),
    tooLarge: (word, name) => fileTooLargeMessage(word === 'image' ? 'image' : 'photo', name),
  },
  plan: {
    mimes: PLAN_MIME_TYPES,
    types: 'PDF, DOC, DOCX, JPEG, PNG ou WebP',
    maxBytes: MEDIA_LIMITS.maxFileBytes,
    refusedType: (name) => refusedType(name, KINDS.plan.types),
    tooLarge: (_word, name) => fileTooLargeMessage('plan', name),
  },
  scan: {
    mimes: SCAN_MIME_TYPES,
    types: 'PDF, JPEG ou PNG',
    maxBytes: SCAN_MAX_BYTES,
    refusedType: () => VERSEMENT_MESSAGES.scanType,
    tooLarge: () => VERSEMENT_MESSAGES.scanTooLarge,
  },
  releve: {
    mimes: RELEVE_MIME_TYPES,
    types: 'CSV ou XML camt.053',
    maxBytes: RELEVE_MAX_BYTES,
    refusedType: () => RELEVE_MESSAGES.fichierType,
    tooLarge: () => RELEVE_MESSAGES.fichierTropGros,
  },
};

const noFiles = (): Record<FileKind, IncomingFile[]> => ({ photo: [], plan: [], scan: [], releve: [] });

/** Text has no NUL byte in its first 8 KB: what file-type cannot name, a CSV is. */
const isText = (data: Buffer) => !data.subarray(0, 8192).includes(0);

/** A form's file fields as OpenAPI multipart properties: one binary part, or several under one name. */
export function fileFieldSchemas(fileFields: FileFields): Record<string, object> {
  return Object.fromEntries(
    Object.entries(fileFields).map(([field, { kind, max }]) => {
      const { types, maxBytes } = KINDS[kind];
      const file = {
        type: 'string',
        format: 'binary',
        description: `${types}, ${maxBytes / (1024 * 1024)} Mo au plus (type reconnu à son contenu)`,
      };
      return [field, max === 1 ? file : { type: 'array', items: file, maxItems: max }];
    }),
  );
}

/**
 * Reads a multipart form, or a JSON body (no files). Each file's type is taken from its
 * bytes, never from its name; a file over its kind's size (10 MB, a scan 5 MB) or of a refused
 * type stops the whole form before anything is written.
 */
export async function readForm(request: FastifyRequest, fileFields: FileFields): Promise<ParsedForm> {
  if (!request.isMultipart()) return { fields: jsonFields(request.body ?? {}), files: noFiles() };
  try {
    return await readMultipart(request, fileFields);
  } catch (error) {
    // The parser's own errors (a body cut before its closing boundary, a broken part header)
    // carry no status: the client's fault, never a 500.
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw new AppError('VALIDATION_ERROR', INPUT_MESSAGES.malformedForm);
  }
}

/** A JSON body read as a form: scalars only, as a multipart form would carry them. */
function jsonFields(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('VALIDATION_ERROR', MESSAGES.invalidInput);
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (typeof value === 'object' && value !== null) {
      throw new AppError('VALIDATION_ERROR', INPUT_MESSAGES.invalidValue, { [key]: INPUT_MESSAGES.invalidValue });
    }
    // null clears an optional field, as an empty form field does.
    fields[key] = value === null ? '' : String(value);
  }
  return fields;
}

async function readMultipart(request: FastifyRequest, fileFields: FileFields): Promise<ParsedForm> {
  const form: ParsedForm = { fields: {}, files: noFiles() };
  for await (const part of request.parts()) {
    assertStorableText(part.fieldname, part.fieldname);
    if (part.type === 'field') {
      if (part.valueTruncated) {
        const message = 'Ce champ est trop long.';
        throw new AppError('VALIDATION_ERROR', message, { [part.fieldname]: message });
      }
      if (typeof part.value === 'string') {
        assertStorableText(part.value, part.fieldname);
        form.fields[part.fieldname] = part.value;
      }
      continue;
    }
    const spec = fileFields[part.fieldname];
    if (!spec) {
      part.file.resume();
      continue;
    }
    // Stop at the first file over the count: the rest is never read into memory.
    if (form.files[spec.kind].length >= spec.max) {
      const message =
        spec.word === 'scan'
          ? VERSEMENT_MESSAGES.oneScan
          : spec.word === 'releve'
            ? RELEVE_MESSAGES.unSeul
            : MEDIA_MESSAGES.tooMany(spec.max, spec.word === 'plan' ? 'plans' : `${spec.word}s`);
      throw new AppError('VALIDATION_ERROR', message, { [part.fieldname]: message });
    }
    const kind = KINDS[spec.kind];
    const tooLarge = () => {
      const message = kind.tooLarge(spec.word, part.filename);
      return new AppError('PAYLOAD_TOO_LARGE', message, { [part.fieldname]: message });
    };
    const data = await part.toBuffer().catch((error: { code?: string }) => {
      throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : error;
    });
    if (data.length === 0) continue;
    if (data.length > kind.maxBytes) throw tooLarge();
    assertStorableText(part.filename, part.fieldname);
    const detected = await fileTypeFromBuffer(data);
    // Word 97–2003 files are OLE containers: file-type reports "cfb"; only a .doc name makes it a document.
    const mimeType =
      detected?.mime === 'application/x-cfb' && /\.doc$/i.test(part.filename)
        ? 'application/msword'
        : (detected?.mime ?? (spec.kind === 'releve' && isText(data) ? 'text/csv' : undefined));
    if (!mimeType || !kind.mimes.includes(mimeType)) {
      const message = kind.refusedType(part.filename);
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, { [part.fieldname]: message });
    }
    const extension =
      mimeType === 'application/msword' ? 'doc' : mimeType === 'text/csv' ? 'csv' : (detected?.ext ?? 'bin');
    form.files[spec.kind].push({ filename: part.filename, mimeType, extension, data });
  }
  return form;
}

/**
 * Multipart limits: 10 MB a file; one file more than a product may have, so that the count
 * check above answers with its own message; text fields long enough for 5,000 characters
 * of any script (a truncated one is refused, never stored cut).
 */
export const MULTIPART_LIMITS = {
  fileSize: MEDIA_LIMITS.maxFileBytes,
  files: MEDIA_LIMITS.produit.photos.max + MEDIA_LIMITS.produit.plans.max + 1,
  fields: 40,
  fieldSize: 24_000,
};
