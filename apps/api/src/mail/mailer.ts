import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent with it (a monthly statement's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is logged and saved as one .eml
 * file under DATA_DIR/mail (decisions §3), where a developer or a test reads it.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = path.join(options.dataDir, 'mail');
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      // Reset codes and temporary passwords: readable by the server's user only.
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      // Unique: two messages to one address in the same millisecond (a reminder and a payment's
      // notice) would otherwise share a name, the second taking the first's place.
      const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
      const file = path.join(folder, `${stamp}-${safeTo}.eml`);
      // Written aside then renamed: a reader of the folder never sees a half-written message.
      await writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.part`, file);
      options.log.info(
        { mail: { to: message.to, subject: message.subject, file } },
        'e-mail enregistré (pas de SMTP_URL)',
      );
    },
  };
}

/**
 * Sends without waiting: mail must not make an answer slower (nor tell by its delay that an
 * account exists), and a failed send must not undo a change already committed.
 */
export function sendInBackground(mailer: Mailer, log: FastifyBaseLogger, message: MailMessage): void {
  mailer.send(message).catch((error: unknown) => log.error({ err: error, to: message.to }, 'échec d’envoi d’e-mail'));
}
