import { type ActivityUsage, type OnlineEvent, onlineEvent } from '@yanbo/contracts';

// What an `activity.online` event (the console's server-sent events) changes in the cached usage.

export function parseOnlineEvent(data: string): OnlineEvent | null {
  try {
    const parsed = onlineEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The usage with the new online count (and a peak at least as high); the same object when nothing changed. */
export function usageWithOnline(usage: ActivityUsage | undefined, event: OnlineEvent): ActivityUsage | undefined {
  if (!usage || usage.activityId !== event.activityId || usage.online === event.online) return usage;
  return { ...usage, online: event.online, viewersPeak: Math.max(usage.viewersPeak, event.online) };
}
