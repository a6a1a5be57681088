import { DEFAULT_VIRTUAL_AUDIENCE } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { jitterOf, virtualOnline } from '../../src/features/robots/virtual-curve.ts';

// The virtual audience's curve rules (issue 10).

const START = new Date('2026-11-25T10:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);
const curve = { ...DEFAULT_VIRTUAL_AUDIENCE, enabled: true, target: 1000, rampMinutes: 10, jitterPercent: 0 };

describe('virtual audience curve', () => {
  it('shows nobody when off, without a target, before the push or without one', () => {
    expect(virtualOnline({ ...curve, enabled: false }, 1, START, at(20))).toBe(0);
    expect(virtualOnline({ ...curve, target: 0 }, 1, START, at(20))).toBe(0);
    expect(virtualOnline(curve, 1, null, at(20))).toBe(0);
    expect(virtualOnline(curve, 1, START, at(-1))).toBe(0);
  });

  it('ramps straight from 0 to the target over rampMinutes, then holds it', () => {
    expect(virtualOnline(curve, 1, START, at(0))).toBe(0);
    expect(virtualOnline(curve, 1, START, at(2.5))).toBe(250);
    expect(virtualOnline(curve, 1, START, at(5))).toBe(500);
    expect(virtualOnline(curve, 1, START, at(10))).toBe(1000);
    expect(virtualOnline(curve, 1, START, at(90))).toBe(1000);
    // No ramp: the target at once.
    expect(virtualOnline({ ...curve, rampMinutes: 0 }, 1, START, at(0))).toBe(1000);
  });

  it('wanders within ± jitterPercent, the same for every process in one period, and differently across periods', () => {
    const jittery = { ...curve, jitterPercent: 10 };
    const seen = new Set<number>();
    for (let minute = 10; minute < 40; minute += 1) {
      const count = virtualOnline(jittery, 7, START, at(minute));
      expect(count).toBeGreaterThanOrEqual(900);
      expect(count).toBeLessThanOrEqual(1100);
      seen.add(count);
    }
    expect(seen.size).toBeGreaterThan(10);
    // Two moments of the same 10-second period agree.
    const a = new Date(at(20).getTime() + 1_000);
    const b = new Date(at(20).getTime() + 8_000);
    expect(virtualOnline(jittery, 7, START, a)).toBe(virtualOnline(jittery, 7, START, b));
  });

  it('draws the jitter evenly from [-1, 1]', () => {
    let sum = 0;
    for (let period = 0; period < 10_000; period += 1) {
      const value = jitterOf(3, period);
      expect(value).toBeGreaterThanOrEqual(-1);
      expect(value).toBeLessThanOrEqual(1);
      sum += value;
    }
    expect(Math.abs(sum / 10_000)).toBeLessThan(0.05);
  });
});
