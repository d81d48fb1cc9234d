import { describe, expect, it } from 'vitest';
import { completionTrend } from '../src/index.ts';

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
