import type { InfiniteData } from '@tanstack/react-query';
import type { ActivityList } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { activityWithPushing, listWithPushing, parsePushingEvent } from './pushing-updates';

const row = (id: number, isPushing = false) => ({ id, isPushing, name: `活动 ${id}` });
const list = (ids: number[], page = 1) =>
  ({ items: ids.map((id) => row(id)), pager: { page, pageSize: 15, total: 30 } }) as unknown as ActivityList;

describe('activity.pushing events', () => {
  it('reads the event data the server sends and refuses anything else', () => {
    expect(parsePushingEvent('{"type":"activity.pushing","activityId":7,"subagentId":null,"isPushing":true}')).toEqual({
      activityId: 7,
      isPushing: true,
    });
    expect(parsePushingEvent('{"activityId":"7","isPushing":true}')).toBeNull();
    expect(parsePushingEvent('not json')).toBeNull();
  });

  it("changes the board's activity only when it is the one that changed", () => {
    const activity = row(7);
    expect(activityWithPushing(activity, { activityId: 7, isPushing: true })).toEqual({ ...activity, isPushing: true });
    expect(activityWithPushing(activity, { activityId: 8, isPushing: true })).toBe(activity);
    expect(activityWithPushing(activity, { activityId: 7, isPushing: false })).toBe(activity);
    expect(activityWithPushing(undefined, { activityId: 7, isPushing: true })).toBeUndefined();
  });

  it('updates a single cached page and a paged list in place', () => {
    const single = list([1, 2]);
    expect((listWithPushing(single, { activityId: 2, isPushing: true }) as ActivityList).items[1].isPushing).toBe(true);

    const paged: InfiniteData<ActivityList> = { pages: [list([1, 2]), list([3, 4], 2)], pageParams: [1, 2] };
    const next = listWithPushing(paged, { activityId: 4, isPushing: true }) as InfiniteData<ActivityList>;
    expect(next.pages[0]).toBe(paged.pages[0]);
    expect(next.pages[1].items.map((a) => a.isPushing)).toEqual([false, true]);
    expect(listWithPushing(paged, { activityId: 99, isPushing: true })).toBe(paged);
    expect(listWithPushing(undefined, { activityId: 1, isPushing: true })).toBeUndefined();
  });
});
