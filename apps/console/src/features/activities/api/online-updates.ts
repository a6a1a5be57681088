import { type ActivityUsage, type OnlineEvent, onlineEvent } from '@yanbo/contracts';

// What an `activity.online` event (the console's server-sent events) changes in the cached usage. Events and usage
// answers travel on different connections, so each count carries when the server counted it and the newer one wins:
// a usage answer counted before a viewer joined never puts the board back to the old count.

export function parseOnlineEvent(data: string): OnlineEvent | null {
  try {
    const parsed = onlineEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The usage with the event's online count (and a peak at least as high); the same object when nothing changed. */
export function usageWithOnline(usage: ActivityUsage | undefined, event: OnlineEvent): ActivityUsage | undefined {
  if (!usage || usage.activityId !== event.activityId || event.at < usage.onlineAt) return usage;
  if (usage.online === event.online) return usage.onlineAt === event.at ? usage : { ...usage, onlineAt: event.at };
  return {
    ...usage,
    online: event.online,
    onlineAt: event.at,
    viewersPeak: Math.max(usage.viewersPeak, event.online),
  };
}

/** A fresh usage answer, keeping the cached online count when that one was counted later. */
export function mergeUsage(cached: ActivityUsage | undefined, fresh: ActivityUsage): ActivityUsage {
  if (!cached || cached.activityId !== fresh.activityId || cached.onlineAt <= fresh.onlineAt) return fresh;
  return {
    ...fresh,
    online: cached.online,
    onlineAt: cached.onlineAt,
    viewersPeak: Math.max(fresh.viewersPeak, cached.online),
  };
}
