import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, releveMensuelPeriode } from '../src/index.ts';

describe('releveMensuelPeriode', () => {
  it('covers the whole calendar month before today’s, named in French', () => {
    expect(releveMensuelPeriode('2026-12-01')).toEqual({ du: '2026-11-01', au: '2026-11-30', mois: 'novembre 2026' });
    expect(releveMensuelPeriode('2026-12-31')).toEqual({ du: '2026-11-01', au: '2026-11-30', mois: 'novembre 2026' });
    expect(releveMensuelPeriode('2027-01-15')).toEqual({ du: '2026-12-01', au: '2026-12-31', mois: 'décembre 2026' });
    expect(releveMensuelPeriode('2028-03-02')).toEqual({ du: '2028-02-01', au: '2028-02-29', mois: 'février 2028' });
    expect(releveMensuelPeriode('2027-03-31')).toEqual({ du: '2027-02-01', au: '2027-02-28', mois: 'février 2027' });
  });

  it('ends the day before today’s month begins, and starts on a first', () => {
    const day = fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true });
    fc.assert(
      fc.property(day, (date) => {
        const today = date.toISOString().slice(0, 10);
        const { du, au } = releveMensuelPeriode(today);
        expect(addDays(au, 1)).toBe(`${today.slice(0, 7)}-01`);
        expect(du.slice(8)).toBe('01');
        expect(du.slice(0, 7)).toBe(au.slice(0, 7));
      }),
    );
  });
});
