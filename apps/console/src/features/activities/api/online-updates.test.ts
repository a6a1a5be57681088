import type { ActivityUsage } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { parseOnlineEvent, usageWithOnline } from './online-updates';

const usage: ActivityUsage = {
  activityId: 7,
  push: { sessions: 1, seconds: 60, lastStartedAt: '2026-01-01T00:00:00.000Z' },
  relay: { jobs: 0, seconds: 0 },
  playbackBytes: 0,
  viewersPeak: 0,
  online: 0,
  storage: { mediaCount: 0, bytes: 0 },
  meetings: 0,
  visits: 0,
  uniqueViewers: 0,
};

describe('online count updates', () => {
  it('reads only well-formed online events', () => {
    expect(parseOnlineEvent('{"activityId":7,"online":2,"subagentId":null}')).toEqual({ activityId: 7, online: 2 });
    expect(parseOnlineEvent('{"activityId":7}')).toBeNull();
    expect(parseOnlineEvent('{"activityId":7,"online":-1}')).toBeNull();
    expect(parseOnlineEvent('not json')).toBeNull();
  });

  it("changes the activity's count and raises the peak, and leaves other activities alone", () => {
    expect(usageWithOnline(usage, { activityId: 7, online: 1 })).toMatchObject({ online: 1, viewersPeak: 1 });
    expect(usageWithOnline({ ...usage, online: 3, viewersPeak: 5 }, { activityId: 7, online: 2 })).toMatchObject({
      online: 2,
      viewersPeak: 5,
    });
    expect(usageWithOnline(usage, { activityId: 8, online: 1 })).toBe(usage);
    expect(usageWithOnline(usage, { activityId: 7, online: 0 })).toBe(usage);
    expect(usageWithOnline(undefined, { activityId: 7, online: 1 })).toBeUndefined();
  });
});
