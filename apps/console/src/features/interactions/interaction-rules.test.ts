import { describe, expect, it } from 'vitest';
import {
  checkinDefaults,
  checkinDurations,
  cleanOptions,
  clock,
  isInteractionTab,
  optionPercents,
  secondsLeft,
} from './interaction-rules';

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

describe('the check-in form and the sign-in extension', () => {
  it('starts from the extension’s title and duration while it is switched on, else a minute', () => {
    expect(checkinDefaults(undefined)).toEqual({ title: '', durationSeconds: 60 });
    expect(checkinDefaults({ enabled: false, title: '上午场', durationSeconds: 300 })).toEqual({
      title: '',
      durationSeconds: 60,
    });
    expect(checkinDefaults({ enabled: true, title: '上午场', durationSeconds: 300 })).toEqual({
      title: '上午场',
      durationSeconds: 300,
    });
  });

  it('offers the extension’s own duration among the usual ones', () => {
    expect(checkinDurations(60)).toEqual([30, 60, 180, 300, 600, 1800]);
    expect(checkinDurations(45)).toEqual([30, 45, 60, 180, 300, 600, 1800]);
    expect(checkinDurations(3600)).toEqual([30, 60, 180, 300, 600, 1800, 3600]);
  });
});
