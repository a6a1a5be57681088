import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pickWinners } from '../../src/features/rewards/lottery-service.ts';
import { nextShare, splitRedPacket } from '../../src/features/rewards/red-packet-split.ts';

// The red packet's split rules (issue 10) and the lottery's pick, as pure functions.

describe('red packet split', () => {
  it('random: every share at least 1 fen and the shares sum to the total, over many packets', () => {
    for (let trial = 0; trial < 2_000; trial += 1) {
      const count = randomInt(1, 60);
      const total = count + randomInt(0, 5_000);
      const shares = splitRedPacket('random', total, count);
      expect(shares).toHaveLength(count);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
      for (const share of shares) expect(share).toBeGreaterThanOrEqual(1);
    }
  });

  it('random: a share is at most twice the average of what is left (the double-average rule)', () => {
    for (let trial = 0; trial < 2_000; trial += 1) {
      const left = randomInt(2, 50);
      const amount = left + randomInt(0, 10_000);
      const share = nextShare('random', amount, left);
      expect(share).toBeGreaterThanOrEqual(1);
      expect(share).toBeLessThanOrEqual(Math.floor((2 * amount) / left));
      expect(amount - share).toBeGreaterThanOrEqual(left - 1);
    }
  });

  it('random: the extremes of the random source still leave 1 fen for every share to come', () => {
    const highest = (_min: number, max: number) => max;
    const lowest = (min: number) => min;
    for (const random of [highest, lowest]) {
      const shares = splitRedPacket('random', 10, 10, random);
      expect(shares).toEqual(Array(10).fill(1));
      const uneven = splitRedPacket('random', 1_000, 7, random);
      expect(uneven.reduce((a, b) => a + b, 0)).toBe(1_000);
      expect(Math.min(...uneven)).toBeGreaterThanOrEqual(1);
    }
  });

  it('fixed: every share the same', () => {
    expect(splitRedPacket('fixed', 600, 3)).toEqual([200, 200, 200]);
    expect(splitRedPacket('fixed', 1, 1)).toEqual([1]);
  });

  it('refuses to share less than 1 fen each', () => {
    expect(() => nextShare('random', 2, 3)).toThrow();
    expect(() => nextShare('fixed', 5, 0)).toThrow();
  });
});

describe('lottery pick', () => {
  it('picks distinct winners from the pool, at most the pool', () => {
    const pool = ['a', 'b', 'c', 'd', 'e'];
    const picked = pickWinners(pool, 3);
    expect(new Set(picked).size).toBe(3);
    for (const winner of picked) expect(pool).toContain(winner);
    expect(pickWinners(pool, 10).sort()).toEqual(pool);
    expect(pickWinners([], 3)).toEqual([]);
  });

  it('gives every viewer a fair chance', () => {
    const wins = new Map<string, number>();
    const pool = ['a', 'b', 'c', 'd'];
    for (let trial = 0; trial < 4_000; trial += 1) {
      const [winner] = pickWinners(pool, 1);
      wins.set(winner as string, (wins.get(winner as string) ?? 0) + 1);
    }
    for (const viewer of pool) expect(wins.get(viewer)).toBeGreaterThan(800);
  });
});
