import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instalmentPosition } from '../src/rules/echeances.ts';
import { allocate, buildSchedule } from '../src/rules/echeancier.ts';

const schedule = buildSchedule({ start: '2026-01-31', engagement: 100_000, duree: 6 });

describe('buildSchedule', () => {
  it('makes duree instalments of the engagement, the i-th i months after the start (month-end clamped)', () => {
    expect(schedule.map((e) => e.date)).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
    ]);
    expect(schedule.every((e) => e.montant === 100_000)).toBe(true);
    expect(schedule.map((e) => e.numero)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('allocate', () => {
  it('settles the oldest first; a partial payment leaves it partiel; a large apport settles several', () => {
    const { echeances, excedent } = allocate(
      schedule,
      [
        { id: 1, montant: 250_000 },
        { id: 2, montant: 30_000 },
      ],
      { today: '2026-02-01' },
    );
    expect(echeances.map((e) => [e.statut, e.paye])).toEqual([
      ['paye', 100_000],
      ['paye', 100_000],
      ['partiel', 80_000],
      ['a_venir', 0],
      ['a_venir', 0],
      ['a_venir', 0],
    ]);
    expect(echeances[2]?.reglements).toEqual([
      { versementId: 1, montant: 50_000 },
      { versementId: 2, montant: 30_000 },
    ]);
    expect(excedent).toBe(0);
  });

  it('is late after the due date plus the grace period, unpaid or partly paid', () => {
    const late = (today: string, graceDays = 0) =>
      allocate(schedule, [{ id: 1, montant: 40_000 }], { today, graceDays }).echeances[0]?.statut;
    expect(late('2026-02-28')).toBe('partiel');
    expect(late('2026-03-01')).toBe('en_retard');
    expect(late('2026-03-05', 5)).toBe('partiel');
    expect(late('2026-03-06', 5)).toBe('en_retard');
    expect(allocate(schedule, [], { today: '2026-04-01' }).echeances.map((e) => e.statut)).toEqual([
      'en_retard',
      'en_retard',
      'a_venir',
      'a_venir',
      'a_venir',
      'a_venir',
    ]);
  });

  it('gives refunds back from the latest payments, and keeps what exceeds the schedule aside', () => {
    const payments = [
      { id: 1, montant: 100_000 },
      { id: 2, montant: 100_000 },
      { id: 3, montant: 50_000 },
    ];
    const { echeances } = allocate(schedule, payments, { today: '2026-01-31', refunded: 80_000 });
    expect(echeances.map((e) => e.paye)).toEqual([100_000, 70_000, 0, 0, 0, 0]);
    expect(echeances[1]?.reglements).toEqual([{ versementId: 2, montant: 70_000 }]);
    expect(allocate(schedule, [{ id: 9, montant: 650_000 }], { today: '2026-01-31' }).excedent).toBe(50_000);
  });

  it('keeps paid + remaining = due for each instalment, the paid total equal to payments less refunds, oldest first', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 400_000 }), { maxLength: 12 }),
        fc.integer({ min: 0, max: 800_000 }),
        fc.integer({ min: 0, max: 400 }),
        (amounts, refundWish, dayOffset) => {
          const payments = amounts.map((montant, i) => ({ id: i + 1, montant }));
          const paidIn = amounts.reduce((a, b) => a + b, 0);
          const refunded = Math.min(refundWish, paidIn);
          const today = new Date(Date.UTC(2026, 0, 31) + dayOffset * 86_400_000).toISOString().slice(0, 10);
          const { echeances, excedent } = allocate(schedule, payments, { today, refunded });
          const due = schedule.reduce((a, e) => a + e.montant, 0);
          const settled = echeances.reduce((a, e) => a + e.paye, 0);
          expect(settled).toBe(Math.min(paidIn - refunded, due));
          expect(excedent).toBe(Math.max(0, paidIn - refunded - due));
          for (const [i, e] of echeances.entries()) {
            expect(e.paye + e.reste).toBe(e.montant);
            expect(e.reglements.reduce((a, r) => a + r.montant, 0)).toBe(e.paye);
            if (e.paye > 0) expect(echeances.slice(0, i).every((before) => before.reste === 0)).toBe(true);
            expect(e.statut === 'paye').toBe(e.reste === 0);
            if (e.statut === 'en_retard') expect(e.date < today).toBe(true);
          }
          // Rejecting or deleting the last payment undoes exactly its part.
          if (payments.length > 0 && refunded === 0) {
            const without = allocate(schedule, payments.slice(0, -1), { today }).echeances;
            const last = payments.at(-1)?.montant ?? 0;
            const settledWithout = without.reduce((a, e) => a + e.paye, 0);
            expect(settled - settledWithout).toBe(Math.min(last, Math.max(0, due - settledWithout)));
          }
        },
      ),
    );
  });

  it('agrees with the dashboard’s instalmentPosition: arrears are the late instalments’ remainder, next the first one not past', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 700_000 }), fc.integer({ min: 0, max: 300 }), (paid, dayOffset) => {
        const today = new Date(Date.UTC(2026, 0, 31) + dayOffset * 86_400_000).toISOString().slice(0, 10);
        const { echeances } = allocate(schedule, paid > 0 ? [{ id: 1, montant: paid }] : [], { today });
        const position = instalmentPosition({ start: '2026-01-31', engagement: 100_000, duree: 6, paid, today });
        const late = echeances.filter((e) => e.statut === 'en_retard');
        expect(position.arrears?.montant ?? 0).toBe(late.reduce((a, e) => a + e.reste, 0));
        expect(position.arrears?.depuis ?? null).toBe(late[0]?.date ?? null);
        const next = echeances.find((e) => e.date >= today && e.reste > 0);
        expect(position.next).toEqual(next ? { numero: next.numero, date: next.date, montant: next.reste } : null);
      }),
    );
  });
});
