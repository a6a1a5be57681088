// The status words of an activity, one rule for the console and the watch page (issue 8: 直播中 beside 未推流 and an
// archived activity shown as 直播中 contradicted each other). Two labels, never merged: the schedule (from the seed's
// progress: before the start, between start and end, after the end; or archived / disabled) and the stream (a push
// received or not). "Live" (直播中) is said only while a push is really received. No zod here: the watch page imports
// this file alone to stay small.

export type ActivityProgress = 'NotStart' | 'OnGoing' | 'Ended';
export type ScheduleLabel = 'notStarted' | 'ongoing' | 'ended' | 'archived' | 'disabled';
export type StreamLabel = 'pushing' | 'idle';

export interface ActivityStatusInput {
  progress: ActivityProgress;
  isPushing: boolean;
  /** The activity's status; anything but 'enabled' is disabled. Left out where the caller only sees enabled ones. */
  status?: string;
  isArchived?: boolean;
}

export interface ActivityStatusLabels {
  schedule: ScheduleLabel;
  stream: StreamLabel;
  /** 直播中: a push is received for an activity that is neither archived nor disabled. */
  live: boolean;
}

const SCHEDULE_OF_PROGRESS: Record<ActivityProgress, ScheduleLabel> = {
  NotStart: 'notStarted',
  OnGoing: 'ongoing',
  Ended: 'ended',
};

export function activityStatusLabels(activity: ActivityStatusInput): ActivityStatusLabels {
  const stream: StreamLabel = activity.isPushing ? 'pushing' : 'idle';
  if (activity.isArchived) return { schedule: 'archived', stream, live: false };
  if (activity.status !== undefined && activity.status !== 'enabled')
    return { schedule: 'disabled', stream, live: false };
  return { schedule: SCHEDULE_OF_PROGRESS[activity.progress], stream, live: activity.isPushing };
}

/** The seed's progress at a moment: no start or a start ahead is NotStart, a past end is Ended, else OnGoing. */
export function progressAt(
  startedAt: string | Date | null,
  endedAt: string | Date | null,
  now = Date.now(),
): ActivityProgress {
  if (!startedAt || new Date(startedAt).getTime() > now) return 'NotStart';
  if (endedAt && new Date(endedAt).getTime() <= now) return 'Ended';
  return 'OnGoing';
}
