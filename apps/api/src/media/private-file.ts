import type { FastifyReply } from 'fastify';
import { AppError } from '../errors.ts';
import type { FileStore } from './file-store.ts';

/** A stored document served to someone allowed to see it: a payment's scan, an expense's or a refund's justificatif. */
export interface PrivateFile {
  path: string;
  name: string;
  type: 'image/jpeg' | 'image/png' | 'application/pdf';
}

/** The types the product stores, by the extension it gives them (plugins/files.ts). */
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export const typeOf = (relative: string) => TYPES[relative.split('.').pop() ?? ''] ?? 'application/octet-stream';

/** Sends a stored file's bytes, from whichever store, with its type and length; 404 when it is gone. */
export async function sendStored(reply: FastifyReply, files: FileStore, relative: string, type = typeOf(relative)) {
  const stored = await files.get(relative);
  if (!stored) throw new AppError('NOT_FOUND', 'Fichier non trouvé');
  reply.type(type).header('Content-Length', stored.size);
  return reply.send(stored.body);
}

/** A file name as an RFC 8187 value: encodeURIComponent leaves ' ( ) * and ! unencoded. */
const rfc8187 = (name: string) =>
  encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Sends the stored document, never cached, a PDF as a download and an image inline. */
export function sendPrivateFile(reply: FastifyReply, files: FileStore, file: PrivateFile) {
  const disposition = file.type === 'application/pdf' ? 'attachment' : 'inline';
  reply.header('Content-Disposition', `${disposition}; filename*=UTF-8''${rfc8187(file.name)}`);
  reply.header('Cache-Control', 'private, no-store');
  reply.header('X-Content-Type-Options', 'nosniff');
  return sendStored(reply, files, file.path, file.type);
}
