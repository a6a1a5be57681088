import { EventEmitter } from 'node:events';

/** Fan-out of realtime events to whoever listens on a channel. In-process by default; Redis pub/sub across processes. */
export interface RealtimeHub {
  publish(channel: string, event: RealtimeEvent): void;
  /** Answers the unsubscribe function. */
  subscribe(channel: string, listener: (event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
  /** Whether the hub reaches the other processes now (readiness); a hub within one process always does. */
  connected?(): boolean;
}

export interface RealtimeEvent {
  type: string;
  [key: string]: unknown;
}

export function createLocalHub(): RealtimeHub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(channel, event) {
      emitter.emit(channel, event);
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** The console's channel for one agent: its activities' live state. */
export const agentChannel = (agentId: number) => `agent:${agentId}`;

/**
 * One activity's channel: what its watch pages follow (its push state). Kept apart from the agent's channel (issue
 * 15) so that a viewer joining, which tells the agent's consoles the online count, wakes none of the agent's viewers.
 */
export const activityChannel = (activityId: number) => `activity:${activityId}`;

/** An activity's push started or ended: its consoles hear it on the agent's channel, its watch pages on its own. */
export function announcePushing(
  hub: RealtimeHub,
  activity: { id: number; agentId: number; subagentId: number | null },
  isPushing: boolean,
) {
  const event = { type: 'activity.pushing', activityId: activity.id, subagentId: activity.subagentId, isPushing };
  hub.publish(agentChannel(activity.agentId), event);
  hub.publish(activityChannel(activity.id), event);
}
