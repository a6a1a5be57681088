import { describe, expect, it } from 'vitest';
import {
  AGGREGATION_ERRORS,
  AGGREGATION_PAGE_SIZE,
  aggregationAllLoaded,
  aggregationInput,
  aggregationPagePath,
} from '../src/index.ts';

describe('aggregation rules', () => {
  it('loads 10 a page and is all loaded when a page brings fewer than 10 (seed 000 §4, §9)', () => {
    expect(AGGREGATION_PAGE_SIZE).toBe(10);
    expect(aggregationAllLoaded(10)).toBe(false);
    expect(aggregationAllLoaded(9)).toBe(true);
    expect(aggregationAllLoaded(0)).toBe(true);
  });

  it('takes venues in order, trims labels, and refuses an activity twice or no venue', () => {
    const parsed = aggregationInput.parse({
      name: ' 年度大会 ',
      venues: [{ activityId: '3', label: ' 主会场 ' }, { activityId: 1 }],
    });
    expect(parsed).toEqual({
      name: '年度大会',
      cover: '',
      description: '',
      venues: [
        { activityId: 3, label: '主会场' },
        { activityId: 1, label: '' },
      ],
    });
    const twice = aggregationInput.safeParse({ name: 'x', venues: [{ activityId: 1 }, { activityId: 1 }] });
    expect(twice.error?.issues[0]?.message).toBe(AGGREGATION_ERRORS.venueTwice);
    const none = aggregationInput.safeParse({ name: 'x', venues: [] });
    expect(none.error?.issues[0]?.message).toBe(AGGREGATION_ERRORS.venuesRequired);
    expect(aggregationInput.safeParse({ name: 'x', cover: 'javascript:x', venues: [{ activityId: 1 }] }).success).toBe(
      false,
    );
  });

  it('puts the public page beside the watch pages', () => {
    expect(aggregationPagePath(7)).toBe('/watch/aggregation/7');
  });
});
