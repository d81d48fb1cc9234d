import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import {
  isTotpCode,
  normaliseRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_LENGTH,
  RECOVERY_CODES_COUNT,
} from '@app/shared';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { hashToken } from './tokens.ts';

/** What an authenticator app shows as the account's issuer. */
const ISSUER = 'Autopromotion';
/** A code of the previous or the next 30-second step is accepted too (a phone's clock a little off). */
const TOLERANCE_SECONDS = 30;

/**
 * TOTP secrets are stored sealed (AES-256-GCM) with a key derived from the server's secret: a
 * copy of the database alone does not give the codes. A backup carries that secret along.
 */
export class TotpSecrets {
  private readonly key: Buffer;
  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'totp', 'deux-facteurs', 32));
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }

  open(sealed: string): string {
    const [, iv = '', tag = '', body = ''] = sealed.split('.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** A new secret, its otpauth:// address for the account, and that address as a QR code (SVG data URL). */
export async function newEnrolment(email: string) {
  const secret = generateSecret();
  const otpauth_url = generateURI({ issuer: ISSUER, label: email, secret });
  const svg = await QRCode.toString(otpauth_url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The time step of a right TOTP code later than `afterStep` (a code is never accepted twice), or null. */
export async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!isTotpCode(code)) return null;
  const result = await verify({
    secret,
    token: code.replace(/\s/g, ''),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Ten new recovery codes, in clear (shown once) and hashed (stored). */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODES_COUNT }, () =>
    Array.from(
      { length: RECOVERY_CODE_LENGTH },
      () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
    ).join(''),
  );
  return { codes, hashes: codes.map(recoveryCodeHash) };
}

export const recoveryCodeHash = (code: string): string => hashToken(`code-secours:${code}`);

/** A typed recovery code's hash, or null when the input cannot be one. */
export function typedRecoveryCodeHash(input: string): string | null {
  const code = normaliseRecoveryCode(input);
  return code ? recoveryCodeHash(code) : null;
}
