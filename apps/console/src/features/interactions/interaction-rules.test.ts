import { describe, expect, it } from 'vitest';
import { cleanOptions, clock, isInteractionTab, optionPercents, secondsLeft } from './interaction-rules';

describe('the interactions screen', () => {
  it('shows each option’s share of the voters', () => {
    expect(optionPercents({ tally: [0, 0], voters: 0 })).toEqual([0, 0]);
    expect(optionPercents({ tally: [1, 2], voters: 3 })).toEqual([33, 67]);
    // Multiple choice: each share is of the voters, so they may pass 100 together.
    expect(optionPercents({ tally: [2, 2, 1], voters: 2 })).toEqual([100, 100, 50]);
  });

  it('counts a check-in down to zero and shows it as a clock', () => {
    const now = Date.parse('2026-01-01T00:00:00.000Z');
    expect(secondsLeft('2026-01-01T00:01:00.000Z', now)).toBe(60);
    expect(secondsLeft('2026-01-01T00:00:00.500Z', now)).toBe(1);
    expect(secondsLeft('2025-12-31T23:59:00.000Z', now)).toBe(0);
    expect(clock(59)).toBe('00:59');
    expect(clock(600)).toBe('10:00');
    expect(clock(3_661)).toBe('1:01:01');
  });

  it('takes only its own tabs from the address, and trims the vote form’s options', () => {
    expect(isInteractionTab('checkins')).toBe(true);
    expect(isInteractionTab('gifts')).toBe(false);
    expect(isInteractionTab(null)).toBe(false);
    expect(cleanOptions([' 苹果 ', '', undefined, '香蕉'])).toEqual(['苹果', '香蕉']);
  });
});
