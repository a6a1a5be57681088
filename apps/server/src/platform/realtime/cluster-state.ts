import type { Config } from '../../config.ts';
import type { Database } from '../db/database.ts';
import { createMemoryRateLimitStore, createRedisRateLimitStore, type RateLimitStore } from '../rate-limit.ts';
import { createLocalHub, type RealtimeHub } from './hub.ts';
import { createRedisCommands, redisReady } from './redis-commands.ts';
import { createRedisHub, type HubLog } from './redis-hub.ts';
import { registerServerProcess, type ServerProcess } from './server-process.ts';
import { createMemoryViewerCounts, createRedisViewerCounts, type ViewerCounts } from './viewer-counts.ts';

/**
 * What the processes of a cluster share beyond the database (issue 15, stateless API processes): the realtime hub,
 * rate-limit windows and viewer counts, in Redis when REDIS_URL is set and in this process otherwise (one code path
 * behind each interface), and this process's own row with its heartbeat.
 */
export interface ClusterState {
  realtime: RealtimeHub;
  limits: RateLimitStore;
  viewers: ViewerCounts;
  process: ServerProcess;
  /** Removes this process's row and closes what it opened (after its jobs were handed back). */
  close(): Promise<void>;
}

export async function openClusterState(config: Config, database: Database, log: HubLog): Promise<ClusterState> {
  const process = await registerServerProcess(database.db, {
    shared: database.kind === 'postgres',
    warn: (line) => log.warn(line),
  });
  if (!config.redisUrl) {
    const realtime = createLocalHub();
    const limits = createMemoryRateLimitStore();
    const viewers = createMemoryViewerCounts();
    return {
      realtime,
      limits,
      viewers,
      process,
      async close() {
        viewers.close();
        limits.close();
        await realtime.close();
        await process.stop();
      },
    };
  }
  const redis = createRedisCommands(config.redisUrl, log);
  const realtime = await createRedisHub(config.redisUrl, log, config.redisPrefix);
  await redisReady(redis);
  const limits = createRedisRateLimitStore(redis, config.redisPrefix);
  const viewers = createRedisViewerCounts(redis, config.redisPrefix, process.id);
  return {
    realtime,
    limits,
    viewers,
    process,
    async close() {
      viewers.close();
      limits.close();
      await realtime.close();
      await redis.quit().catch(() => redis.disconnect());
      await process.stop();
    },
  };
}
