import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creneauxSauvegarde, FREQUENCES_SAUVEGARDE } from '../src/index.ts';

const at = (iso: string) => new Date(iso);

describe('creneauxSauvegarde', () => {
  it('daily at 02:00 in Abidjan (UTC): today’s slot once past, yesterday’s before', () => {
    const plan = { frequency: 'daily', time: '02:00', timeZone: 'Africa/Abidjan' } as const;
    expect(creneauxSauvegarde(at('2026-11-28T02:00:00Z'), plan).dernier.toISOString()).toBe('2026-11-28T02:00:00.000Z');
    expect(creneauxSauvegarde(at('2026-11-28T01:59:59Z'), plan).dernier.toISOString()).toBe('2026-11-27T02:00:00.000Z');
    expect(creneauxSauvegarde(at('2026-11-28T01:59:59Z'), plan).prochain.toISOString()).toBe(
      '2026-11-28T02:00:00.000Z',
    );
  });

  it('reads the time in the company’s zone: 02:00 in Douala is 01:00 UTC', () => {
    const plan = { frequency: 'daily', time: '02:00', timeZone: 'Africa/Douala' } as const;
    expect(creneauxSauvegarde(at('2026-11-28T01:30:00Z'), plan).dernier.toISOString()).toBe('2026-11-28T01:00:00.000Z');
    expect(creneauxSauvegarde(at('2026-11-28T00:30:00Z'), plan).dernier.toISOString()).toBe('2026-11-27T01:00:00.000Z');
  });

  it('hourly at the minutes of the time, weekly on Monday, monthly on the first', () => {
    const zone = 'Africa/Abidjan';
    expect(
      creneauxSauvegarde(at('2026-11-28T10:14:00Z'), {
        frequency: 'hourly',
        time: '03:15',
        timeZone: zone,
      }).dernier.toISOString(),
    ).toBe('2026-11-28T09:15:00.000Z');
    // 2026-11-28 is a Saturday: the Monday before is the 23rd.
    const weekly = creneauxSauvegarde(at('2026-11-28T10:00:00Z'), {
      frequency: 'weekly',
      time: '02:00',
      timeZone: zone,
    });
    expect(weekly.dernier.toISOString()).toBe('2026-11-23T02:00:00.000Z');
    expect(weekly.prochain.toISOString()).toBe('2026-11-30T02:00:00.000Z');
    const monthly = creneauxSauvegarde(at('2026-12-01T01:00:00Z'), {
      frequency: 'monthly',
      time: '02:00',
      timeZone: zone,
    });
    expect(monthly.dernier.toISOString()).toBe('2026-11-01T02:00:00.000Z');
    expect(monthly.prochain.toISOString()).toBe('2026-12-01T02:00:00.000Z');
  });

  it('the last slot is never after now, the next always is, and nothing lies between', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }),
        fc.constantFrom(...FREQUENCES_SAUVEGARDE),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom('Africa/Abidjan', 'Africa/Lagos', 'Europe/Paris', 'America/New_York'),
        (now, frequency, h, m, timeZone) => {
          const time = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
          const plan = { frequency, time, timeZone };
          const { dernier, prochain } = creneauxSauvegarde(now, plan);
          expect(dernier.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(prochain.getTime()).toBeGreaterThan(now.getTime());
          // The next slot's own last slot is itself: slots are fixed points, not drifting.
          expect(creneauxSauvegarde(prochain, plan).dernier.getTime()).toBe(prochain.getTime());
        },
      ),
    );
  });
});
