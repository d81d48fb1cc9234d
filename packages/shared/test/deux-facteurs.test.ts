import { describe, expect, it } from 'vitest';
import {
  deuxFacteursVerificationBodySchema,
  formatRecoveryCode,
  isTotpCode,
  isTwoFactorRequired,
  normaliseRecoveryCode,
} from '../src/deux-facteurs.ts';

describe('two-factor sign-in rules', () => {
  it('requires it of admins and comptables only, and only when the setting is on', () => {
    expect(isTwoFactorRequired('admin', true)).toBe(true);
    expect(isTwoFactorRequired('comptable', true)).toBe(true);
    for (const role of ['gestionnaire', 'commercial', 'membre', 'demandeur'] as const) {
      expect(isTwoFactorRequired(role, true)).toBe(false);
    }
    expect(isTwoFactorRequired('admin', false)).toBe(false);
  });

  it('reads a recovery code as typed: any case, spaces and dashes, but only its own letters', () => {
    expect(normaliseRecoveryCode('abcde-fghjk')).toBe('ABCDEFGHJK');
    expect(normaliseRecoveryCode(' ABCDE FGHJK ')).toBe('ABCDEFGHJK');
    expect(normaliseRecoveryCode('ABCDE-FGHJ')).toBeNull();
    expect(normaliseRecoveryCode('ABCDE-FGHJO')).toBeNull(); // O is not in the alphabet (0/O)
    expect(normaliseRecoveryCode('ABCDE-FGH1K')).toBeNull();
    expect(formatRecoveryCode('ABCDEFGHJK')).toBe('ABCDE-FGHJK');
  });

  it('tells a TOTP code from the rest, and refuses in French what is neither', () => {
    expect(isTotpCode('123456')).toBe(true);
    expect(isTotpCode('123 456')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('12345a')).toBe(false);
    const parse = (code: string) => deuxFacteursVerificationBodySchema.safeParse({ jeton_2fa: 'x', code });
    expect(parse('123 456').success).toBe(true);
    expect(parse('abcde-fghjk').success).toBe(true);
    const refused = parse('1234');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/^Saisissez les 6 chiffres/);
  });
});
