import { randomInt } from 'node:crypto';

// How a red packet is shared out (issue 10). Fixed: every share is the same. Random: the classic "double average"
// rule, drawn as each share is grabbed: a share is uniform between 1 fen and twice the average of what is left, bounded
// so that every share still to come gets at least 1 fen; the last share takes the rest. The shares sum to the total.

/** A random integer in [min, max], both included. */
export type RandomInt = (min: number, max: number) => number;
const cryptoRandom: RandomInt = (min, max) => randomInt(min, max + 1);

/** The next share of what is left: `remainingAmount` fen among `remainingCount` shares (at least 1 fen each). */
export function nextShare(
  mode: 'random' | 'fixed',
  remainingAmount: number,
  remainingCount: number,
  random: RandomInt = cryptoRandom,
): number {
  if (remainingCount < 1 || remainingAmount < remainingCount) throw new Error('nothing left to share');
  if (remainingCount === 1) return remainingAmount;
  if (mode === 'fixed') return Math.floor(remainingAmount / remainingCount);
  const doubleAverage = Math.floor((remainingAmount * 2) / remainingCount);
  const max = Math.min(doubleAverage, remainingAmount - (remainingCount - 1));
  return random(1, Math.max(1, max));
}

/** Every share of a packet, in the order they would be grabbed. */
export function splitRedPacket(
  mode: 'random' | 'fixed',
  total: number,
  count: number,
  random: RandomInt = cryptoRandom,
): number[] {
  const shares: number[] = [];
  let amount = total;
  for (let left = count; left > 0; left -= 1) {
    const share = nextShare(mode, amount, left, random);
    shares.push(share);
    amount -= share;
  }
  return shares;
}
