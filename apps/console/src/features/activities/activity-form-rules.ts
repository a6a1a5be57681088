import { type ActivitySummary, activityGroupInput, activityInput } from '@yanbo/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { ApiError } from '../../app/http';

// The create/edit modal's values and how they become the API's body (seed 001 §3, §4).

/** The contract's limits, read from the schemas so they are written once. */
export const ACTIVITY_NAME_MAX = activityInput.shape.name.maxLength ?? 60;
export const GROUP_NAME_MAX = activityGroupInput.shape.name.maxLength ?? 30;

export type ActivityBody = z.input<typeof activityInput>;

export interface ActivityFormValues {
  name: string;
  type: ActivitySummary['type'];
  startedAt: Dayjs | null;
  /** Empty means no end date (sent as null; the server stores its far-future value). */
  endedAt: Dayjs | null;
  categoryId: number | null;
  groupId: number | null;
  /** The sub-account the activity is granted to (main accounts only; absent when the form has no such field). */
  subagentId?: number | null;
}

/** What the modal opens with: the activity's own values, or a new live activity starting now. */
export function initialFormValues(
  activity: ActivitySummary | undefined,
  defaults: { groupId?: number | null; now?: Dayjs } = {},
): ActivityFormValues {
  if (activity) {
    return {
      name: activity.name,
      type: activity.type,
      startedAt: activity.startedAt ? dayjs(activity.startedAt) : null,
      endedAt: activity.endedAt ? dayjs(activity.endedAt) : null,
      categoryId: activity.categoryId,
      groupId: activity.groupId,
      subagentId: activity.subagentId,
    };
  }
  return {
    name: '',
    // live by default (seed 001 §3)
    type: 'live',
    startedAt: (defaults.now ?? dayjs()).second(0).millisecond(0),
    endedAt: null,
    categoryId: null,
    groupId: defaults.groupId ?? null,
    subagentId: null,
  };
}

export function toActivityBody(values: ActivityFormValues): ActivityBody {
  return {
    name: values.name.trim(),
    type: values.type,
    startedAt: values.startedAt ? values.startedAt.toISOString() : null,
    endedAt: values.endedAt ? values.endedAt.toISOString() : null,
    categoryId: values.categoryId ?? null,
    groupId: values.groupId ?? null,
    ...(values.subagentId === undefined ? {} : { subagentId: values.subagentId }),
  };
}

/** An end, when given, comes after the start (the server answers 400 on endedAt otherwise). */
export function endIsAfterStart(startedAt: Dayjs | null, endedAt: Dayjs | null): boolean {
  return !startedAt || !endedAt || endedAt.isAfter(startedAt);
}

/** The form field a server failure belongs to, when the answer names one the form has (name on a taken name). */
export function failedField<F extends string>(error: unknown, fields: readonly F[]): F | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.field) return undefined;
  return fields.find((field) => field === error.field);
}
