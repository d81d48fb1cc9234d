import { createHash, randomBytes, webcrypto } from 'node:crypto';
import type { Role } from '@app/shared';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'autopromotion-backoffice';

export interface AccessClaims {
  sub: number;
  sid: string;
  role: Role;
}

export class TokenSigner {
  /** Imported once: importing the raw secret at every verification cost more than the HMAC itself. */
  private readonly key: Promise<webcrypto.CryptoKey>;
  constructor(secret: string) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sid, role: claims.role })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
      .sign(await this.key);
  }

  /** The algorithm is pinned: a token signed otherwise (or "none") is refused. Null when invalid or expired. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: [ALGORITHM], issuer: ISSUER });
      const sub = Number(payload.sub);
      if (!Number.isInteger(sub) || typeof payload.sid !== 'string' || typeof payload.role !== 'string') return null;
      return { sub, sid: payload.sid, role: payload.role as Role };
    } catch {
      return null;
    }
  }
}

/** Opaque refresh tokens: only their SHA-256 is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
