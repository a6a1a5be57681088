import { EventEmitter } from 'node:events';

/** Fan-out of realtime events to whoever listens on a channel. In-process by default; Redis pub/sub across processes. */
export interface RealtimeHub {
  publish(channel: string, event: RealtimeEvent): void;
  /** Answers the unsubscribe function. */
  subscribe(channel: string, listener: (event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
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
