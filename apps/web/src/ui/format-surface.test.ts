import { describe, expect, it } from 'vitest';
import { pluralTotal } from './format-surface.ts';

describe('pluralTotal', () => {
  it('says a capped search total is a lower bound', () => {
    expect(pluralTotal({ total: 1, totalExact: true }, 'demande')).toBe('1 demande');
    expect(pluralTotal({ total: 39, totalExact: true }, 'demande')).toBe('39 demandes');
    expect(pluralTotal({ total: 200, totalExact: false }, 'membre')).toBe('plus de 200 membres');
  });
});
