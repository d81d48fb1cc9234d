import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt from node:crypto (no native addon): N=2^15, r=8, p=1, 64-byte key, 16-byte salt.
const N = 32768;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const MAXMEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAXMEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** "scrypt$N$r$p$salt$hash", parameters kept so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Spends the same time as a real check, so an unknown account cannot be told apart by timing. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(12).toString('base64'));
  await verifyPassword(password, await dummyHash);
}

/** A 6-digit reset code. */
export function resetCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

const TEMP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const TEMP_SPECIALS = '@#!%+=';

/**
 * A temporary password an admin hands over (decisions §3): at least 12 characters (more if
 * the policy asks), letters and digits without look-alikes, one special character.
 */
export function temporaryPassword(minLength: number): string {
  const length = Math.max(12, minLength);
  const chars = Array.from({ length: length - 2 }, () => TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)]);
  chars.push(String(randomInt(2, 10)), TEMP_SPECIALS[randomInt(TEMP_SPECIALS.length)] ?? '@');
  // Fisher–Yates, so the digit and the special character are not always at the end.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
