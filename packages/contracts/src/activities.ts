import { z } from 'zod';
import { id, isoDateTime, listOf } from './common.ts';
import { ACTIVITY_PAGE_SIZE } from './constants.ts';

export const activityType = z.enum(['live', 'video']);
export const activityProgress = z.enum(['NotStart', 'OnGoing', 'Ended']);

/** An activity (channel) as the lists show it. */
export const activitySummary = z.object({
  id: z.number().int(),
  name: z.string(),
  type: activityType,
  status: z.string(),
  progress: activityProgress,
  isPushing: z.boolean(),
  isArchived: z.boolean(),
  groupId: z.number().int().nullable(),
  subagentId: z.number().int().nullable(),
  catalogId: z.number().int().nullable(),
  categoryId: z.number().int().nullable(),
  cover: z.string(),
  startedAt: isoDateTime.nullable(),
  /** null when the stored endedAt is FAR_FUTURE_ENDED_AT (no end date). */
  endedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type ActivitySummary = z.infer<typeof activitySummary>;

const flag = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());

/** GET /activity: every parameter of seed 001 §7. status: unenabled | enabled | -1 (see activityStatusFilter). */
export const activityListQuery = z.object({
  name: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ACTIVITY_PAGE_SIZE),
  isArchived: flag.optional(),
  status: z.enum(['unenabled', 'enabled', '-1']).optional(),
  type: activityType.optional(),
  requireTemplate: flag.optional(),
  orderBy: z.string().max(100).optional(),
  groupId: z.coerce.number().int().optional(),
  subagentId: z.coerce.number().int().optional(),
  activityId: id.optional(),
  catalogId: z.coerce.number().int().optional(),
});
export type ActivityListQuery = z.infer<typeof activityListQuery>;
export const activityList = listOf(activitySummary);
export type ActivityList = z.infer<typeof activityList>;

/** The status filter of the activity list (seed 001 §4). */
export function activityStatusFilter(status: ActivityListQuery['status']) {
  if (status === 'unenabled') return { status: 'enabled', progress: 'NotStart' } as const;
  if (status === 'enabled') return { status: 'enabled', progress: 'OnGoing' } as const;
  return null;
}

export const category = z.object({ id: z.number().int(), name: z.string(), parentId: z.number().int().nullable() });
export type Category = z.infer<typeof category>;
export const categoryList = z.object({ items: z.array(category) });
