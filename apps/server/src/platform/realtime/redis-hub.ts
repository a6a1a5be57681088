import { Redis } from 'ioredis';
import type { RealtimeEvent, RealtimeHub } from './hub.ts';
import { createLocalHub } from './hub.ts';

const PREFIX = 'yanbo:rt:';

/**
 * Fan-out across processes: events are published on Redis and every process (this one included) delivers what it
 * receives to its own local listeners, so a console connected to any API process hears every event.
 */
export async function createRedisHub(url: string): Promise<RealtimeHub> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const local = createLocalHub();
  const counts = new Map<string, number>();

  subscriber.on('message', (channel: string, message: string) => {
    try {
      local.publish(channel.slice(PREFIX.length), JSON.parse(message) as RealtimeEvent);
    } catch {
      // Not ours: ignore.
    }
  });

  return {
    publish(channel, event) {
      void publisher.publish(PREFIX + channel, JSON.stringify(event));
    },
    subscribe(channel, listener) {
      const count = counts.get(channel) ?? 0;
      counts.set(channel, count + 1);
      if (count === 0) void subscriber.subscribe(PREFIX + channel);
      const unsubscribe = local.subscribe(channel, listener);
      return () => {
        unsubscribe();
        const left = (counts.get(channel) ?? 1) - 1;
        if (left > 0) counts.set(channel, left);
        else {
          counts.delete(channel);
          void subscriber.unsubscribe(PREFIX + channel);
        }
      };
    },
    async close() {
      await local.close();
      subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
