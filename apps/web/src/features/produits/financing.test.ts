import { AMOUNT_MESSAGES } from '@app/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulateFinancing } from './financing.ts';
import { videoEmbedUrl } from './video-embed.ts';

describe('simulateFinancing', () => {
  it('rounds the monthly amount up to the franc and keeps the total to the price', () => {
    expect(simulateFinancing({ price: 25_000_000, downPayment: 5_000_000, months: 60 })).toEqual({
      ok: true,
      financed: 20_000_000,
      monthly: 333_334,
      last: 333_294,
      total: 25_000_000,
    });
  });

  it('divides exactly when it can', () => {
    expect(simulateFinancing({ price: 12_000_000, downPayment: 0, months: 12 })).toMatchObject({
      monthly: 1_000_000,
      last: 1_000_000,
      total: 12_000_000,
    });
  });

  it('covers the amount for every duration, the last instalment never above the others', () => {
    for (const months of [12, 24, 36, 48, 60]) {
      for (const [price, down] of [
        [35_000_000, 3_333_333],
        [8_000_001, 1],
        [15_000_000, 15_000_000],
      ] as const) {
        const r = simulateFinancing({ price, downPayment: down, months });
        if (!r.ok) throw new Error(r.error);
        expect(r.monthly * (months - 1) + r.last).toBe(price - down);
        expect(r.last).toBeLessThanOrEqual(r.monthly);
        expect(r.last).toBeGreaterThanOrEqual(0);
        expect(r.total).toBe(price);
      }
    }
  });

  it('never gives a negative instalment and always sums to the amount financed, small amounts included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.constantFrom(12, 24, 36, 48, 60),
        (price, down, months) => {
          const r = simulateFinancing({ price, downPayment: Math.min(down, price), months });
          if (!r.ok) return false;
          return r.monthly >= 0 && r.last >= 0 && r.monthly * (months - 1) + r.last === r.financed;
        },
      ),
    );
    expect(simulateFinancing({ price: 1_000_000, downPayment: 999_950, months: 60 })).toMatchObject({
      monthly: 0,
      last: 50,
    });
  });

  it('refuses a down payment above the price, a negative one and a missing price', () => {
    expect(simulateFinancing({ price: 10, downPayment: 11, months: 12 })).toEqual({
      ok: false,
      error: 'L’apport ne peut pas dépasser le prix du bien',
    });
    expect(simulateFinancing({ price: 10, downPayment: -1, months: 12 }).ok).toBe(false);
    expect(simulateFinancing({ price: Number.NaN, downPayment: 0, months: 12 }).ok).toBe(false);
  });

  it('says that centimes are not taken, never rounding them away', () => {
    for (const [price, downPayment] of [
      [10_000_000.5, 0],
      [10_000_000, 1_000_000.5],
    ] as const) {
      expect(simulateFinancing({ price, downPayment, months: 12 })).toEqual({
        ok: false,
        error: AMOUNT_MESSAGES.whole,
      });
    }
  });
});

describe('videoEmbedUrl', () => {
  it('rewrites YouTube watch, short and embed links to the embed player', () => {
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
    expect(videoEmbedUrl('https://youtube.com/watch?v=dQw4w9WgXcQ&t=30s')).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
    expect(videoEmbedUrl('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
  });

  it('rewrites Vimeo links and refuses what cannot be framed', () => {
    expect(videoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(videoEmbedUrl('https://example.com/visite.mp4')).toBeNull();
    expect(videoEmbedUrl('javascript:alert(1)')).toBeNull();
    expect(videoEmbedUrl('pas une url')).toBeNull();
    expect(videoEmbedUrl(null)).toBeNull();
  });
});
