import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { PG_INT_MAX } from '@app/shared';

const VERSION = 1;
const PAYLOAD_BYTES = 5;
/** 128 bits of HMAC-SHA256: out of reach of guessing, short enough for a small QR code. */
const MAC_BYTES = 16;

/**
 * The token of a receipt's verification address: base64url of [version, payment id (4 bytes),
 * truncated HMAC-SHA256 of both]. The key is derived from the JWT secret with HKDF under a label of
 * its own, so that neither key can stand for the other. Without the key no token can be made for
 * another payment, so addresses can be neither forged nor enumerated.
 */
export class RecuSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'autopromotion', 'recus:verification:v1', 32));
  }

  private mac(payload: Buffer): Buffer {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, MAC_BYTES);
  }

  sign(versementId: number): string {
    const payload = Buffer.alloc(PAYLOAD_BYTES);
    payload.writeUInt8(VERSION, 0);
    payload.writeUInt32BE(versementId, 1);
    return Buffer.concat([payload, this.mac(payload)]).toString('base64url');
  }

  /** The payment id a token was signed for; null for anything this key did not sign. */
  verify(token: string): number | null {
    const bytes = Buffer.from(token, 'base64url');
    // Only the one spelling the signer writes: no padding, no other alphabet, nothing trailing.
    if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) return null;
    const payload = bytes.subarray(0, PAYLOAD_BYTES);
    if (!timingSafeEqual(this.mac(payload), bytes.subarray(PAYLOAD_BYTES))) return null;
    const id = payload.readUInt32BE(1);
    return payload.readUInt8(0) === VERSION && id >= 1 && id <= PG_INT_MAX ? id : null;
  }
}
