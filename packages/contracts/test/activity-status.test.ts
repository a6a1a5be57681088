import { describe, expect, test } from 'vitest';
import { activityStatusLabels, progressAt } from '../src/activity-status.ts';

describe('activity status labels', () => {
  test('an activity past its start without a push is ongoing and idle, not live', () => {
    expect(activityStatusLabels({ status: 'enabled', progress: 'OnGoing', isPushing: false })).toEqual({
      schedule: 'ongoing',
      stream: 'idle',
      live: false,
    });
  });

  test('live only while a push is received', () => {
    expect(activityStatusLabels({ status: 'enabled', progress: 'OnGoing', isPushing: true })).toEqual({
      schedule: 'ongoing',
      stream: 'pushing',
      live: true,
    });
    // A push before the scheduled start is live too: the audience sees the stream.
    expect(activityStatusLabels({ progress: 'NotStart', isPushing: true })).toMatchObject({
      schedule: 'notStarted',
      live: true,
    });
    expect(activityStatusLabels({ progress: 'Ended', isPushing: false })).toEqual({
      schedule: 'ended',
      stream: 'idle',
      live: false,
    });
  });

  test('an archived activity is archived whatever its schedule, and never live', () => {
    expect(
      activityStatusLabels({ status: 'enabled', progress: 'OnGoing', isPushing: false, isArchived: true }),
    ).toEqual({ schedule: 'archived', stream: 'idle', live: false });
    expect(
      activityStatusLabels({ status: 'enabled', progress: 'OnGoing', isPushing: true, isArchived: true }),
    ).toMatchObject({ schedule: 'archived', stream: 'pushing', live: false });
  });

  test('a disabled activity says so and is never live', () => {
    expect(activityStatusLabels({ status: 'disabled', progress: 'OnGoing', isPushing: true })).toEqual({
      schedule: 'disabled',
      stream: 'pushing',
      live: false,
    });
  });

  test('progress at a moment follows the schedule', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(progressAt(null, null, now)).toBe('NotStart');
    expect(progressAt('2026-03-01T13:00:00Z', null, now)).toBe('NotStart');
    expect(progressAt('2026-03-01T11:00:00Z', null, now)).toBe('OnGoing');
    expect(progressAt('2026-03-01T11:00:00Z', '2026-03-01T12:30:00Z', now)).toBe('OnGoing');
    expect(progressAt('2026-03-01T11:00:00Z', '2026-03-01T12:00:00Z', now)).toBe('Ended');
  });
});
