import type { ActivityUsage } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { mergeUsage, parseOnlineEvent, usageWithOnline } from './online-updates';

const usage: ActivityUsage = {
  activityId: 7,
  push: { sessions: 1, seconds: 60, lastStartedAt: '2026-01-01T00:00:00.000Z' },
  relay: { jobs: 0, seconds: 0 },
  transcode: { jobs: 0, seconds: 0 },
  playbackBytes: 0,
  viewersPeak: 0,
  online: 0,
  onlineAt: 1_000,
  storage: { mediaCount: 0, bytes: 0 },
  meetings: 0,
  visits: 0,
  uniqueViewers: 0,
};

describe('online count updates', () => {
  it('reads only well-formed online events', () => {
    expect(parseOnlineEvent('{"activityId":7,"online":2,"at":5,"subagentId":null}')).toEqual({
      activityId: 7,
      online: 2,
      at: 5,
    });
    expect(parseOnlineEvent('{"activityId":7,"online":2}')).toBeNull();
    expect(parseOnlineEvent('{"activityId":7,"at":5}')).toBeNull();
    expect(parseOnlineEvent('{"activityId":7,"online":-1,"at":5}')).toBeNull();
    expect(parseOnlineEvent('not json')).toBeNull();
  });

  it("changes the activity's count and raises the peak, and leaves other activities alone", () => {
    expect(usageWithOnline(usage, { activityId: 7, online: 1, at: 2_000 })).toMatchObject({
      online: 1,
      onlineAt: 2_000,
      viewersPeak: 1,
    });
    expect(
      usageWithOnline({ ...usage, online: 3, viewersPeak: 5 }, { activityId: 7, online: 2, at: 2_000 }),
    ).toMatchObject({ online: 2, viewersPeak: 5 });
    expect(usageWithOnline(usage, { activityId: 8, online: 1, at: 2_000 })).toBe(usage);
    expect(usageWithOnline(usage, { activityId: 7, online: 0, at: 1_000 })).toBe(usage);
    expect(usageWithOnline(undefined, { activityId: 7, online: 1, at: 2_000 })).toBeUndefined();
  });

  it('ignores an event counted before the usage answer', () => {
    const counted = { ...usage, online: 2, onlineAt: 3_000 };
    expect(usageWithOnline(counted, { activityId: 7, online: 1, at: 2_500 })).toBe(counted);
  });

  it('keeps a live count newer than a usage answer that arrives after it', () => {
    // The push started: the board asked for usage (counted at 1 000, nobody watching), then a viewer joined (2 000)
    // and its event arrived before the answer did.
    const live = usageWithOnline(usage, { activityId: 7, online: 1, at: 2_000 });
    const late = { ...usage, push: { ...usage.push, sessions: 2 } };
    expect(mergeUsage(live, late)).toMatchObject({ online: 1, onlineAt: 2_000, viewersPeak: 1, push: { sessions: 2 } });
    // An answer counted after the event wins, whatever it says.
    expect(mergeUsage(live, { ...usage, online: 0, onlineAt: 2_500 })).toMatchObject({ online: 0, onlineAt: 2_500 });
    expect(mergeUsage(undefined, usage)).toBe(usage);
  });
});
