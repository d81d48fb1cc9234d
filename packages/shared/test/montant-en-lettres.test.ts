import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { montantEnLettres, nombreEnLettres } from '../src/rules/montant-en-lettres.ts';

describe('nombreEnLettres', () => {
  it.each([
    [0, 'zéro'],
    [1, 'un'],
    [16, 'seize'],
    [17, 'dix-sept'],
    [21, 'vingt et un'],
    [22, 'vingt-deux'],
    [61, 'soixante et un'],
    [70, 'soixante-dix'],
    [71, 'soixante et onze'],
    [77, 'soixante-dix-sept'],
    [80, 'quatre-vingts'],
    [81, 'quatre-vingt-un'],
    [91, 'quatre-vingt-onze'],
    [99, 'quatre-vingt-dix-neuf'],
    [100, 'cent'],
    [101, 'cent un'],
    [180, 'cent quatre-vingts'],
    [200, 'deux cents'],
    [201, 'deux cent un'],
    [1_000, 'mille'],
    [1_001, 'mille un'],
    [21_000, 'vingt et un mille'],
    [80_000, 'quatre-vingt mille'],
    [200_000, 'deux cent mille'],
    [280_000, 'deux cent quatre-vingt mille'],
    [1_000_000, 'un million'],
    [80_000_000, 'quatre-vingts millions'],
    [200_000_000, 'deux cents millions'],
    [1_250_000_000, 'un milliard deux cent cinquante millions'],
    [45_000_000, 'quarante-cinq millions'],
  ])('%i → %s', (n, words) => {
    expect(nombreEnLettres(n)).toBe(words);
  });

  it('refuses what is not a whole number from 0 to 10^15', () => {
    for (const n of [-1, 1.5, Number.NaN, 1e15]) expect(() => nombreEnLettres(n)).toThrow(RangeError);
  });

  it('writes every number in lowercase words, without doubled spaces, "un mille" or a plural mille', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (n) => {
        const words = nombreEnLettres(n);
        expect(words).toMatch(/^[a-zéè -]+$/);
        expect(words).not.toMatch(/ {2}|^un mille|milles/);
      }),
    );
  });
});

describe('montantEnLettres', () => {
  it.each([
    [1, 'un franc CFA'],
    [250_000, 'deux cent cinquante mille francs CFA'],
    [1_000_000, 'un million de francs CFA'],
    [2_500_000, 'deux millions cinq cent mille francs CFA'],
    [3_000_000_000, 'trois milliards de francs CFA'],
    [420_000, 'quatre cent vingt mille francs CFA'],
  ])('%i → %s', (n, words) => {
    expect(montantEnLettres(n)).toBe(words);
  });
});
