import { describe, expect, it } from 'vitest';
import { percentOf } from '../src/stats-audience.ts';

describe('a share of the viewers', () => {
  it('is a percentage with one decimal, rounded half up', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(1, 8)).toBe(12.5);
    expect(percentOf(3, 3)).toBe(100);
  });

  it('is 0 of nobody, not NaN', () => {
    expect(percentOf(0, 0)).toBe(0);
  });
});
