import type { AppContext } from '../../app-context.ts';
import type { RealtimeEvent } from '../../platform/realtime/hub.ts';
import { PRESENCE_STALE_MS } from './chat-rooms.ts';
import { type ChatHubEvent, chatChannel } from './chat-service.ts';

/**
 * The real viewers in an activity's chat, as the rooms of every process announce them on the realtime hub (each
 * every 10 s and on every change): what the live operations screen counts as real, robots never among them.
 */
export function followChatPresence(ctx: Pick<AppContext, 'realtime'>, activityId: number) {
  const presence = new Map<string, { count: number; at: number }>();
  const stop = ctx.realtime.subscribe(chatChannel(activityId), (event: RealtimeEvent) => {
    const hubEvent = event as ChatHubEvent;
    if (hubEvent.type === 'chat.presence') presence.set(hubEvent.process, { count: hubEvent.count, at: Date.now() });
  });
  return {
    count(): number {
      const now = Date.now();
      let total = 0;
      for (const [process, seen] of presence) {
        if (now - seen.at > PRESENCE_STALE_MS) presence.delete(process);
        else total += seen.count;
      }
      return total;
    },
    stop,
  };
}

export type ChatPresence = ReturnType<typeof followChatPresence>;
