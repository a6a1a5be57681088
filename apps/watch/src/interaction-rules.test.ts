import type { WatchVote } from '@yanbo/contracts/interactions';
import { describe, expect, it } from 'vitest';
import {
  canVote,
  featuredVote,
  mayDismiss,
  secondsUntil,
  sharesOf,
  toggleChoice,
  upsertVote,
} from './interaction-rules';

const vote = (over: Partial<WatchVote> = {}): WatchVote => ({
  id: 1,
  title: '投票',
  kind: 'single',
  maxChoices: 1,
  options: ['甲', '乙', '丙'],
  status: 'published',
  tally: [0, 0, 0],
  voters: 0,
  publishedAt: null,
  closedAt: null,
  myChoices: null,
  ...over,
});

describe('the viewer’s votes', () => {
  it('chooses one option in a single-choice vote, up to maxChoices in a multiple one', () => {
    expect(toggleChoice(vote(), [0], 2)).toEqual([2]);
    const multiple = vote({ kind: 'multiple', maxChoices: 2 });
    expect(toggleChoice(multiple, [0], 1)).toEqual([0, 1]);
    expect(toggleChoice(multiple, [0, 1], 2)).toEqual([0, 1]);
    expect(toggleChoice(multiple, [0, 1], 0)).toEqual([1]);
  });

  it('lets the viewer dismiss the vote unless the template forbids it before voting', () => {
    expect(mayDismiss(vote(), false)).toBe(true);
    expect(mayDismiss(vote(), true)).toBe(false);
    expect(mayDismiss(vote({ myChoices: [1] }), true)).toBe(true);
    expect(mayDismiss(vote({ status: 'closed' }), true)).toBe(true);
    expect(canVote(vote({ status: 'closed' }))).toBe(false);
  });

  it('offers the newest open vote, keeps the viewer’s own ballot on updates, and shares by voters', () => {
    const closed = vote({ id: 3, status: 'closed' });
    expect(featuredVote([closed, vote({ id: 2 })])?.id).toBe(2);
    expect(featuredVote([closed])?.id).toBe(3);
    expect(featuredVote([])).toBeNull();
    const mine = [vote({ myChoices: [1] })];
    expect(upsertVote(mine, vote({ status: 'closed', voters: 4 }))[0]).toMatchObject({ myChoices: [1], voters: 4 });
    expect(upsertVote(mine, vote({ id: 9 })).map((v) => v.id)).toEqual([9, 1]);
    expect(sharesOf({ tally: [1, 3], voters: 4 })).toEqual([25, 75]);
    expect(sharesOf({ tally: [0], voters: 0 })).toEqual([0]);
  });

  it('counts a check-in down to zero', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(secondsUntil('2026-01-01T00:00:30Z', now)).toBe(30);
    expect(secondsUntil('2025-01-01T00:00:00Z', now)).toBe(0);
  });
});
