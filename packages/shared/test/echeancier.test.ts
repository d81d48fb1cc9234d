import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  allocate,
  buildSchedule,
  DUREE_MAX_MOIS,
  type Echeance,
  premiereEcheance,
  RESCHEDULING_TOO_LONG,
  reschedule,
  reschedulingLength,
  retardDe,
  trancheRetard,
} from '../src/rules/echeancier.ts';

const schedule = buildSchedule({ premiere: premiereEcheance('2026-01-28'), engagement: 100_000, duree: 6 });
const total = (echeances: readonly Echeance[]) => echeances.reduce((sum, e) => sum + e.montant, 0);

describe('addMonths', () => {
  it('falls n months later, on the month’s last day when it is shorter, as PostgreSQL', () => {
    expect(addMonths('2026-01-15', 1)).toBe('2026-02-15');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 3)).toBe('2026-04-30');
    expect(addMonths('2026-11-30', 2)).toBe('2027-01-30');
    expect(addMonths('2026-12-31', 12)).toBe('2027-12-31');
  });
});

describe('buildSchedule', () => {
  it('makes duree instalments of the engagement, the first a month after inscription, then monthly', () => {
    expect(schedule.map((e) => e.date)).toEqual([
      '2026-02-28',
      '2026-03-28',
      '2026-04-28',
      '2026-05-28',
      '2026-06-28',
      '2026-07-28',
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
});

describe('reschedule', () => {
  const arbitrary = fc.record({
    duree: fc.integer({ min: 1, max: 60 }),
    engagement: fc.integer({ min: 1, max: 40 }).map((n) => n * 25_000),
    paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
    terms: fc.oneof(
      fc.record({ duree: fc.integer({ min: 1, max: 120 }), montant: fc.constant(undefined) }),
      fc.record({ duree: fc.constant(undefined), montant: fc.integer({ min: 1, max: 80 }).map((n) => n * 5_000) }),
    ),
  });

  it('keeps the paid instalments and the total, spreads what remains monthly from the new first date', () => {
    fc.assert(
      fc.property(arbitrary, ({ duree, engagement, paidShare, terms }) => {
        const current = buildSchedule({ premiere: '2026-02-28', engagement, duree });
        const paid = Math.floor(total(current) * paidShare);
        // A pace beyond the longest schedule is refused (the next test).
        fc.pre(reschedulingLength(current, paid, terms) <= DUREE_MAX_MOIS);
        const next = reschedule(current, paid, { premiere: '2027-01-05', ...terms });
        expect(total(next)).toBe(total(current));
        const fullyPaid = Math.min(Math.floor(paid / engagement), duree);
        expect(next.slice(0, fullyPaid)).toEqual(current.slice(0, fullyPaid));
        const spread = next.slice(fullyPaid);
        expect(next.map((e) => e.numero)).toEqual(next.map((_, i) => i + 1));
        if (fullyPaid === duree) {
          expect(spread).toEqual([]);
          return;
        }
        expect(spread.map((e) => e.date)).toEqual(spread.map((_, i) => addMonths('2027-01-05', i)));
        expect(spread.every((e) => e.montant > 0)).toBe(true);
        const pace = spread[0]?.montant ?? 0;
        expect(spread.slice(0, -1).every((e) => e.montant === pace)).toBe(true);
        expect(spread.at(-1)?.montant).toBeLessThanOrEqual(pace);
        if (terms.montant !== undefined) expect(pace).toBe(Math.min(terms.montant, total(spread)));
        if (terms.duree !== undefined) expect(spread.length).toBeLessThanOrEqual(terms.duree);
      }),
    );
  });

  it('still counts a partial payment: the partly paid instalment is spread again and the payment settles the first new one', () => {
    const next = reschedule(schedule, 130_000, { premiere: '2026-09-10', duree: 10 });
    expect(next[0]).toEqual(schedule[0]);
    expect(next.slice(1).map((e) => e.montant)).toEqual(Array(10).fill(50_000));
    const { echeances } = allocate(next, [{ id: 1, montant: 130_000 }], { today: '2026-09-01' });
    expect(echeances.map((e) => e.statut).slice(0, 3)).toEqual(['paye', 'partiel', 'a_venir']);
    expect(echeances[1]?.paye).toBe(30_000);
  });

  it('takes a pace and lets the last instalment hold the remainder', () => {
    const next = reschedule(schedule, 0, { premiere: '2026-03-15', montant: 250_000 });
    expect(next.map((e) => [e.date, e.montant])).toEqual([
      ['2026-03-15', 250_000],
      ['2026-04-15', 250_000],
      ['2026-05-15', 100_000],
    ]);
  });

  it('refuses a pace that would spread what remains over more than 600 months, before building it', () => {
    expect(reschedulingLength(schedule, 0, { montant: 250_000 })).toBe(3);
    expect(reschedulingLength(schedule, 600_000, { montant: 1 })).toBe(0);
    expect(reschedulingLength(schedule, 0, { montant: 1 })).toBe(600_000);
    expect(() => reschedule(schedule, 0, { premiere: '2026-03-15', montant: 1 })).toThrow(RESCHEDULING_TOO_LONG);
  });
});

describe('retardDe', () => {
  it('puts the days late in the buckets 1–30, 31–60, 61–90 and over 90', () => {
    expect([1, 30, 31, 60, 61, 90, 91, 400].map(trancheRetard)).toEqual([
      '1-30',
      '1-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
      '90+',
    ]);
  });

  it('sums the late instalments’ unpaid part since the oldest, and is null when none is late', () => {
    const settled = (today: string, graceDays = 0) =>
      allocate(schedule, [{ id: 1, montant: 140_000 }], { today, graceDays }).echeances;
    expect(retardDe(settled('2026-03-28'), '2026-03-28')).toBeNull();
    expect(retardDe(settled('2026-03-29'), '2026-03-29')).toEqual({
      montant: 60_000,
      depuis: '2026-03-28',
      jours: 1,
      tranche: '1-30',
      penalite: 0,
    });
    expect(retardDe(settled('2026-04-29'), '2026-04-29')).toMatchObject({
      montant: 160_000,
      jours: 32,
      tranche: '31-60',
    });
    expect(retardDe(settled('2026-03-31', 5), '2026-03-31')).toBeNull();
  });

  it('counts the penalty apart: the rate on each late instalment’s unpaid part per month started, rounded down', () => {
    const echeances = allocate(schedule, [{ id: 1, montant: 140_000 }], { today: '2026-04-29' }).echeances;
    // 60 000 late for 32 days (2 months started) and 100 000 for 1 day (1 month), at 1.5 %.
    expect(retardDe(echeances, '2026-04-29', 1.5)?.penalite).toBe(1_800 + 1_500);
    expect(retardDe(echeances, '2026-04-29', 0)?.penalite).toBe(0);
  });
});
