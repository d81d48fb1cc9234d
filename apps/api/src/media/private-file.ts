import type { FastifyReply } from 'fastify';

/** A stored document served to someone allowed to see it: a payment's scan, an expense's or a refund's justificatif. */
export interface PrivateFile {
  path: string;
  name: string;
  type: 'image/jpeg' | 'image/png' | 'application/pdf';
}

/** A file name as an RFC 8187 value: encodeURIComponent leaves ' ( ) * and ! unencoded. */
const rfc8187 = (name: string) =>
  encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Sends the file from the media folder, never cached, a PDF as a download and an image inline. */
export function sendPrivateFile(reply: FastifyReply, mediaRoot: string, file: PrivateFile) {
  const disposition = file.type === 'application/pdf' ? 'attachment' : 'inline';
  reply.header('Content-Disposition', `${disposition}; filename*=UTF-8''${rfc8187(file.name)}`);
  reply.header('Cache-Control', 'private, no-store');
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.type(file.type);
  return reply.sendFile(file.path, mediaRoot, { cacheControl: false });
}
