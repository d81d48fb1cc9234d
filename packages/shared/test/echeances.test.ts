import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completionTrend, dueDate, instalmentPosition } from '../src/index.ts';

const terms = { start: '2026-01-31', engagement: 100_000, duree: 12 };

describe('dueDate', () => {
  it('falls i months after the start, on the month’s last day when it is shorter', () => {
    expect(dueDate('2026-01-15', 1)).toBe('2026-02-15');
    expect(dueDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(dueDate('2028-01-31', 1)).toBe('2028-02-29');
    expect(dueDate('2026-01-31', 3)).toBe('2026-04-30');
    expect(dueDate('2026-11-30', 2)).toBe('2027-01-30');
    expect(dueDate('2026-12-31', 12)).toBe('2027-12-31');
  });
});

describe('instalmentPosition', () => {
  it('has nothing late up to the first due day, the first instalment next', () => {
    expect(instalmentPosition({ ...terms, paid: 0, today: '2026-02-28' })).toEqual({
      dues: 0,
      next: { numero: 1, date: '2026-02-28', montant: 100_000 },
      arrears: null,
    });
  });

  it('is late from the day after a due date left unpaid, by what remains of the oldest instalments', () => {
    expect(instalmentPosition({ ...terms, paid: 0, today: '2026-03-01' })).toEqual({
      dues: 1,
      next: { numero: 2, date: '2026-03-31', montant: 100_000 },
      arrears: { montant: 100_000, depuis: '2026-02-28', jours: 1 },
    });
    // Two past, one and a half paid: the second instalment is partly paid and 14 days late on 14 April.
    expect(instalmentPosition({ ...terms, paid: 150_000, today: '2026-04-14' })).toEqual({
      dues: 2,
      next: { numero: 3, date: '2026-04-30', montant: 100_000 },
      arrears: { montant: 50_000, depuis: '2026-03-31', jours: 14 },
    });
  });

  it('takes what was paid ahead off the next instalments', () => {
    expect(instalmentPosition({ ...terms, paid: 250_000, today: '2026-03-01' })).toEqual({
      dues: 1,
      next: { numero: 3, date: '2026-04-30', montant: 50_000 },
      arrears: null,
    });
  });

  it('has no next instalment once all are due or paid', () => {
    expect(instalmentPosition({ ...terms, paid: 1_200_000, today: '2026-03-01' }).next).toBeNull();
    const end = instalmentPosition({ ...terms, paid: 1_000_000, today: '2027-06-01' });
    expect(end.next).toBeNull();
    expect(end.arrears?.montant).toBe(200_000);
    expect(end.arrears?.depuis).toBe('2026-12-31');
  });

  it('keeps paid + arrears + what is left to pay on the due instalments equal to what is due', () => {
    const day = fc.integer({ min: 0, max: 2_000 }).map((n) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 20 }).map((n) => n * 25_000),
        fc.integer({ min: 0, max: 3_000_000 }),
        day,
        day,
        (duree, engagement, paid, startDay, todayDay) => {
          const start = startDay.toISOString().slice(0, 10);
          const today = todayDay.toISOString().slice(0, 10);
          const { dues, next, arrears } = instalmentPosition({ start, engagement, duree, paid, today });
          expect(dues).toBeGreaterThanOrEqual(0);
          expect(dues).toBeLessThanOrEqual(duree);
          expect(arrears?.montant ?? 0).toBe(Math.max(0, engagement * dues - paid));
          if (arrears) expect(arrears.depuis < today).toBe(true);
          if (next) {
            expect(next.date >= today).toBe(true);
            expect(next.montant).toBeGreaterThan(0);
            expect(next.montant).toBeLessThanOrEqual(engagement);
          } else {
            expect(dues === duree || paid >= engagement * duree).toBe(true);
          }
        },
      ),
    );
  });
});

describe('completionTrend', () => {
  it('is up at 70 % or more, a warning at 40 % or more, otherwise down', () => {
    expect(completionTrend(100)).toBe('hausse');
    expect(completionTrend(70)).toBe('hausse');
    expect(completionTrend(69)).toBe('attention');
    expect(completionTrend(40)).toBe('attention');
    expect(completionTrend(39)).toBe('baisse');
    expect(completionTrend(0)).toBe('baisse');
  });
});
