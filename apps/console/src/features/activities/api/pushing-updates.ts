import type { InfiniteData } from '@tanstack/react-query';
import type { ActivityList } from '@yanbo/contracts';
import { z } from 'zod';
import { withPushing } from '../activity-list-rules';

// What an `activity.pushing` event (the console's server-sent events) changes in the cached answers.

const pushingEvent = z.object({ activityId: z.number().int(), isPushing: z.boolean() });
export type PushingEvent = z.infer<typeof pushingEvent>;

/** The event's data, or null when it is not a pushing change this console understands. */
export function parsePushingEvent(data: string): PushingEvent | null {
  try {
    const parsed = pushingEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** One activity (the board's GET /activity/{id}) with the new flag; the same object when nothing changed. */
export function activityWithPushing<T extends { id: number; isPushing: boolean }>(
  activity: T | undefined,
  event: PushingEvent,
): T | undefined {
  if (!activity || activity.id !== event.activityId || activity.isPushing === event.isPushing) return activity;
  return { ...activity, isPushing: event.isPushing };
}

function isInfinite(data: unknown): data is InfiniteData<ActivityList> {
  return typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages);
}

function isList(data: unknown): data is ActivityList {
  return typeof data === 'object' && data !== null && Array.isArray((data as { items?: unknown }).items);
}

/**
 * Any cached activity list, a single page (the entry search, 最近直播) or the paged list, with the new flag. Rows
 * keep their places: a list that reorders itself under the pointer is worse than a slightly stale order.
 */
export function listWithPushing(data: unknown, event: PushingEvent): unknown {
  if (isInfinite(data)) {
    const pages = data.pages.map((page) => withPushing(page, event.activityId, event.isPushing));
    return pages.every((page, index) => page === data.pages[index]) ? data : { ...data, pages };
  }
  if (isList(data)) return withPushing(data, event.activityId, event.isPushing);
  return data;
}
