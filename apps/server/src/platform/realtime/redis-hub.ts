import { Redis } from 'ioredis';
import type { RealtimeEvent, RealtimeHub } from './hub.ts';
import { createLocalHub } from './hub.ts';

/** Reconnect attempts back off to this delay and keep going for as long as Redis is away. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/** Where the hub reports an outage: the app's logger, or nothing. */
export interface HubLog {
  warn(message: string): void;
  info(message: string): void;
}

const silent: HubLog = { warn() {}, info() {} };

/**
 * Fan-out across processes: events are published on Redis and every process (this one included) delivers what it
 * receives to its own local listeners, so a console connected to any API process hears every event.
 *
 * A Redis outage never takes the process down (issue 8, "Redis outages never kill the process"): both connections
 * reconnect for as long as it takes, an event published while Redis is away is dropped and counted in the log (it is
 * live state the console reads again from the API; buffering it would only replay stale state), and the channels this
 * process listens on are subscribed again once Redis is back. A server started while Redis is away starts anyway.
 */
export async function createRedisHub(url: string, log: HubLog = silent, keyPrefix = 'yanbo:'): Promise<RealtimeHub> {
  const PREFIX = `${keyPrefix}rt:`;
  const options = {
    lazyConnect: true,
    // Fail a command at once while disconnected instead of queueing it without bound.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt: number) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
  };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, { ...options, autoResubscribe: false });
  const local = createLocalHub();
  const counts = new Map<string, number>();
  let closed = false;
  let down = false;
  let dropped = 0;

  const failed = (what: string) => (error: Error) => {
    if (closed) return;
    if (what === 'publish') dropped += 1;
    if (!down) log.warn(`realtime: Redis ${what} failed (${error.message})`);
  };

  // An unhandled 'error' event is only printed by ioredis, but log it once per outage, not on every retry.
  const onError = (which: string) => (error: Error) => {
    if (down || closed) return;
    down = true;
    log.warn(`realtime: Redis ${which} connection lost (${error.message}); reconnecting`);
  };
  publisher.on('error', onError('publish'));
  subscriber.on('error', onError('subscribe'));
  publisher.on('ready', () => {
    if (!down) return;
    down = false;
    log.info(`realtime: Redis is back${dropped > 0 ? `; ${dropped} event(s) published meanwhile were dropped` : ''}`);
    dropped = 0;
  });
  // Subscriptions live on the connection: a new connection starts with none, so restore the channels listened to now.
  subscriber.on('ready', () => {
    const channels = [...counts.keys()].map((channel) => PREFIX + channel);
    if (channels.length > 0) subscriber.subscribe(...channels).catch(failed('resubscribe'));
  });

  subscriber.on('message', (channel: string, message: string) => {
    try {
      local.publish(channel.slice(PREFIX.length), JSON.parse(message) as RealtimeEvent);
    } catch {
      // Not ours: ignore.
    }
  });

  // A server started while Redis is away starts all the same, and its realtime begins once Redis answers.
  await Promise.all([publisher.connect(), subscriber.connect()]).catch((error: Error) => {
    onError('initial')(error);
  });

  return {
    publish(channel, event) {
      publisher.publish(PREFIX + channel, JSON.stringify(event)).catch(failed('publish'));
    },
    subscribe(channel, listener) {
      const count = counts.get(channel) ?? 0;
      counts.set(channel, count + 1);
      // While Redis is away this fails; the 'ready' handler subscribes it when the connection is back.
      if (count === 0) subscriber.subscribe(PREFIX + channel).catch(failed('subscribe'));
      const unsubscribe = local.subscribe(channel, listener);
      return () => {
        unsubscribe();
        const left = (counts.get(channel) ?? 1) - 1;
        if (left > 0) counts.set(channel, left);
        else {
          counts.delete(channel);
          subscriber.unsubscribe(PREFIX + channel).catch(failed('unsubscribe'));
        }
      };
    },
    connected: () => publisher.status === 'ready' && subscriber.status === 'ready',
    async close() {
      closed = true;
      await local.close();
      subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
