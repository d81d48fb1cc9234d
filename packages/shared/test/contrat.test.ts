import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contratPour, contratResume, couverture, manqueMessage, SOLDES } from '../src/rules/contrat.ts';
import { buildSchedule } from '../src/rules/echeancier.ts';

describe('couverture', () => {
  it('tells what the terms pay, what they leave of the price and the monthly amount that covers it', () => {
    // The case: a 12 M apartment at 65,000 FCFA over 36 months.
    expect(couverture(12_000_000, 65_000, 36)).toEqual({
      prix: 12_000_000,
      couvert: 2_340_000,
      manque: 9_660_000,
      mensualite_proposee: 333_334,
    });
    expect(couverture(9_000_000, 150_000, 60)?.manque).toBe(0);
    expect(couverture(9_000_000, '', 60)).toBeNull();
    expect(couverture(undefined, 150_000, 60)).toBeNull();
  });

  it('says the shortfall in French with the amounts', () => {
    const c = couverture(12_000_000, 65_000, 36);
    expect(c && manqueMessage(c)).toBe(
      'Les conditions couvrent 2\u202f340\u202f000\u00a0FCFA sur un prix de 12\u202f000\u202f000\u00a0FCFA\u00a0: il manque 9\u202f660\u202f000\u00a0FCFA.',
    );
  });
});

describe('contratPour', () => {
  it('owes the price: terms that fall short need a choice, and each choice pays the price', () => {
    expect(contratPour(12_000_000, 65_000, 36)).toBeNull();
    expect(contratPour(12_000_000, 65_000, 36, 'derniere_echeance')).toEqual({
      total: 12_000_000,
      engagement: 65_000,
      duree: 37,
      derniere: 9_660_000,
    });
    expect(contratPour(12_000_000, 65_000, 36, 'mensualite_ajustee')).toEqual({
      total: 12_000_000,
      engagement: 333_334,
      duree: 36,
      derniere: 333_310,
    });
  });

  it('ends terms that cover more than the price with a smaller last instalment, sooner if they can', () => {
    expect(contratPour(9_000_000, 150_000, 60)).toEqual({
      total: 9_000_000,
      engagement: 150_000,
      duree: 60,
      derniere: 150_000,
    });
    expect(contratPour(9_000_000, 160_000, 60)).toEqual({
      total: 9_000_000,
      engagement: 160_000,
      duree: 57,
      derniere: 40_000,
    });
  });

  it('makes terms paying more than the price each month one instalment of the price', () => {
    expect(contratPour(2_400_000, 3_000_000, 12)).toEqual({
      total: 2_400_000,
      engagement: 2_400_000,
      duree: 1,
      derniere: 2_400_000,
    });
    expect(contratResume({ total: 2_400_000, engagement: 2_400_000, duree: 1, derniere: 2_400_000 })).toBe(
      '1 échéance de 2\u202f400\u202f000\u00a0FCFA',
    );
  });

  it('always makes a schedule whose instalments are positive and sum to the price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 1, max: 120 }),
        fc.constantFrom(undefined, ...SOLDES),
        (prix, engagement, duree, solde) => {
          const contrat = contratPour(prix, engagement, duree, solde);
          if (engagement * duree < prix && !solde) return contrat === null;
          if (!contrat) return false;
          const echeances = buildSchedule({ premiere: '2026-01-31', ...contrat });
          const sum = echeances.reduce((s, e) => s + e.montant, 0);
          return (
            sum === prix &&
            echeances.every((e) => e.montant > 0) &&
            echeances.slice(0, -1).every((e) => e.montant === contrat.engagement) &&
            echeances.at(-1)?.montant === contrat.derniere &&
            // Never longer than asked, but for the one instalment the remainder adds.
            contrat.duree <= duree + (solde === 'derniere_echeance' ? 1 : 0)
          );
        },
      ),
    );
  });
});
