import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DIGIT_GROUP,
  ENGAGEMENT_MINIMUM_HINT,
  formatDate,
  formatFCFA,
  formatFileSize,
  formatPricePerM2,
  formatRelative,
  formatSurface,
  frenchSpacing,
  initials,
  NBSP,
  NNBSP,
  pageSummary,
  plural,
  pluralTotal,
} from '../src/index.ts';

describe('money and numbers', () => {
  it('groups FCFA amounts with the narrow no-break space and ties the unit with a no-break space', () => {
    expect(DIGIT_GROUP).toBe(NNBSP);
    expect(formatFCFA(25_000_000)).toBe(`25${NNBSP}000${NNBSP}000${NBSP}FCFA`);
    expect(formatFCFA('1500000')).toBe(`1${NNBSP}500${NNBSP}000${NBSP}FCFA`);
    expect(formatFCFA(null)).toBe(`0${NBSP}FCFA`);
    expect(formatPricePerM2(75000)).toBe(`75${NNBSP}000${NBSP}FCFA/m²`);
  });

  it('never leaves a breaking space in an amount', () => {
    for (const amount of [0, 999, 1000, 45_000_000, 1e10]) expect(formatFCFA(amount)).not.toMatch(/ /);
  });

  it('writes surfaces, sizes and counts the French way', () => {
    expect(formatSurface('85.5')).toBe(`85,5${NBSP}m²`);
    expect(formatSurface(1200)).toBe(`1${NNBSP}200${NBSP}m²`);
    expect(formatFileSize(2.44 * 1024 * 1024)).toBe(`2,4${NBSP}Mo`);
    expect(formatFileSize(100)).toBe(`1${NBSP}Ko`);
    expect(plural(1, 'chambre')).toBe('1 chambre');
    expect(plural(3, 'chambre')).toBe('3 chambres');
  });

  it('says a capped search total is a lower bound', () => {
    expect(pluralTotal({ total: 1, totalExact: true }, 'demande')).toBe('1 demande');
    expect(pluralTotal({ total: 39, totalExact: true }, 'demande')).toBe('39 demandes');
    expect(pluralTotal({ total: 200, totalExact: false }, 'membre')).toBe('plus de 200 membres');
  });

  it('joins a list summary with an en dash', () => {
    expect(pageSummary(1, 4, '39 demandes')).toBe('Page 1 sur 4 – 39 demandes');
    expect(pageSummary(2, 2)).toBe('Page 2 sur 2');
  });

  it('states the public minimum in French (not "Minimum: 50,000 FCFA")', () => {
    expect(ENGAGEMENT_MINIMUM_HINT).toBe(`Minimum${NBSP}: 50${NNBSP}000${NBSP}FCFA`);
  });
});

describe('typography helpers', () => {
  it('puts the no-break spaces of the rule before high punctuation', () => {
    expect(frenchSpacing('Trop grand : nombre ; vraiment ? oui !')).toBe(
      `Trop grand${NBSP}: nombre${NNBSP}; vraiment${NNBSP}? oui${NNBSP}!`,
    );
  });

  it("gives zod's own French messages the same typography", () => {
    const message = z.number().max(5).safeParse(10).error?.issues[0]?.message;
    expect(message).toBe(`Trop grand${NBSP}: nombre doit être <=5`);
  });
});

describe('dates', () => {
  it('says relative times as the spec lists them', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(formatRelative(new Date('2026-11-22T11:59:50Z'), now)).toBe('À l’instant');
    expect(formatRelative(new Date('2026-11-22T11:45:00Z'), now)).toBe(`Il y a 15${NBSP}min`);
    expect(formatRelative(new Date('2026-11-22T09:00:00Z'), now)).toBe(`Il y a 3${NBSP}h`);
    expect(formatRelative(new Date('2026-11-21T10:00:00Z'), now)).toBe('Hier');
    expect(formatRelative(new Date('2026-11-18T12:00:00Z'), now)).toBe('Il y a 4 jours');
    expect(formatRelative(new Date('2026-11-01T12:00:00Z'), now)).toBe('01/11/2026');
  });

  it('shows a calendar date as that day, even west of Greenwich', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(formatDate('1988-04-12')).toBe('12/04/1988');
      expect(formatDate('2026-11-22T23:30:00Z')).toBe('22/11/2026');
    } finally {
      process.env.TZ = zone;
    }
  });

  it('builds initials', () => {
    expect(initials('Aminata', 'Kouadio')).toBe('AK');
    expect(initials('', '')).toBe('?');
  });
});
