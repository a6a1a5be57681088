import type { Config } from './config.ts';
import type { RelayRunner } from './features/live-stream/index.ts';
import type { Database, Db } from './platform/db/database.ts';
import type { Ingest } from './platform/ingest/index.ts';
import type { OutboundRules } from './platform/net/outbound-address.ts';
import type { PayProvider } from './platform/pay/pay-provider.ts';
import type { RateLimitStore } from './platform/rate-limit.ts';
import type { RealtimeHub } from './platform/realtime/hub.ts';
import type { ServerProcess } from './platform/realtime/server-process.ts';
import type { ViewerCounts } from './platform/realtime/viewer-counts.ts';
import type { SmsProvider } from './platform/sms/sms-provider.ts';
import type { FileStorage } from './platform/storage/file-storage.ts';
import type { TaskQueue } from './platform/tasks/task-queue.ts';
import type { JsapiTicketClient } from './platform/wechat/jsapi-ticket.ts';
import type { WechatProvider } from './platform/wechat/wechat-provider.ts';

/** What feature routes need from the platform, handed over explicitly (no container, no decorators). */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  secretKey: string;
  sms: SmsProvider;
  files: FileStorage;
  realtime: RealtimeHub;
  /** This process as the others sharing the database see it (its heartbeat; the owner named on its ffmpeg jobs). */
  process: ServerProcess;
  /** Viewers per stream summed over every process (in Redis with REDIS_URL). */
  viewers: ViewerCounts;
  /** The embedded media server; null when an external one calls the ingest webhooks. */
  ingest: Ingest | null;
  relays: RelayRunner;
  /** The rule for every address an agent types that the server contacts (relay sources). */
  outbound: OutboundRules;
  wechat: WechatProvider;
  /** Official accounts' JS-SDK tickets, cached per app in this process. */
  wechatJsapi: JsapiTicketClient;
  pay: PayProvider;
  /** Every rate limit and connection cap a stranger can meet. */
  limits: RateLimitStore;
  /** The background task queue (exports, reports): features register their kinds; this process's worker runs them. */
  tasks: TaskQueue;
}
