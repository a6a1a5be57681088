import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { type MeetingIceServer, meetingIceServer } from '@yanbo/contracts';
import { z } from 'zod';
import { type ProviderConfig, readProviderConfig } from './platform/provider-config.ts';
import { readS3Config, type S3Config } from './platform/storage/s3-config.ts';

export interface Config extends ProviderConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… for a real PostgreSQL; empty means the embedded PGlite in dataDir (or in memory for tests). */
  databaseUrl: string;
  /** Keep the embedded database in memory (tests). */
  inMemoryDatabase: boolean;
  redisUrl: string;
  /** S3_ENDPOINT, S3_BUCKET, …: files in an S3-compatible bucket; null: under DATA_DIR (platform/storage/s3-config.ts). */
  s3: S3Config | null;
  /** Prefix of every Redis key and channel this deployment uses (REDIS_PREFIX), so deployments can share one Redis. */
  redisPrefix: string;
  adminMobile: string;
  adminPassword: string;
  /** Signs upload policies and encrypts stored secrets. */
  secretKey: string;
  /** Directory of the built console; served at every non-API path. */
  consoleDir: string;
  /** Directory of the built watch page; served at /watch/{id}. */
  watchDir: string;
  logLevel: string;
  /** Host (and port) the ingest and playback addresses are built from. */
  /** The embedded RTMP ingest; 0 picks a free port, and INGEST=external leaves ingest to a media server's webhooks. */
  rtmpPort: number;
  rtmpHost: string;
  embeddedIngest: boolean;
  /** How long HTTP-FLV and HLS viewers wait, connected, for a publisher that dropped to come back. */
  ingestReconnectGraceMs: number;
  /** `child`: HTTP-FLV viewers are served by a media worker process; `inline`: by the API process itself. */
  mediaProcess: 'child' | 'inline';
  pushDomain: string;
  pullDomain: string;
  /** Addresses agents whitelist in their messaging-platform settings; defaults to this machine's IPv4 addresses. */
  serverIps: string[];
  /**
   * The proxies whose X-Forwarded-For is believed (addresses or CIDRs). Empty: no forwarding header is, so a client
   * cannot pick its own address past the per-address limits.
   */
  trustProxy: string[];
  /** RELAY_ALLOW_PRIVATE=1: relay sources may be on private and loopback addresses (on-premises use). */
  relayAllowPrivate: boolean;
  /** FFMPEG_JOBS_PER_AGENT, FFMPEG_JOBS_TOTAL: ffmpeg processes (relays, live and media transcodes) at once. */
  ffmpegJobsPerAgent: number;
  ffmpegJobsTotal: number;
  /** FFMPEG_NO_DATA_TIMEOUT (s): a relay or live transcode whose source sends nothing this long is ended. */
  ffmpegNoDataTimeoutMs: number;
  /** MEDIA_TRANSCODE_TIMEOUT (s): the longest a media transcode may run. */
  mediaTranscodeTimeoutMs: number;
  /** PUBLIC_HOSTS: the platform's own host names (comma list), which no agent may claim as its custom host. */
  publicHosts: string[];
  /** DNS_RESOLVER: the resolver (address or address:port) custom-host TXT records are checked with; empty: the system's. */
  dnsResolver: string;
  /**
   * MEETING_ICE_SERVERS: the STUN/TURN servers the meeting room's browsers use, a JSON array of RTCIceServer
   * ([{"urls":"turn:turn.example.com:3478","username":"u","credential":"p"}]) or a comma list of URLs. Empty (the
   * default): none, enough when the participants reach each other directly (one machine, one network).
   */
  meetingIceServers: MeetingIceServer[];
  /** METRICS=off: no /metrics and no request counting (the benchmark's baseline); on by default. */
  metricsEnabled: boolean;
  /** METRICS_TOKEN: the bearer GET /metrics asks for; empty: /metrics answers only on loopback, unproxied. */
  metricsToken: string;
  /** SHUTDOWN_GRACE_MS: how long a stopping process lets the requests being handled finish (default 10 s). */
  shutdownGraceMs: number;
  /** SLOW_QUERY_MS: a database statement taking this long is logged with its request id (default 500 ms). */
  slowQueryMs: number;
  /** TASK_WORKERS=off: this API process queues background tasks but leaves running them to `worker` processes. */
  taskWorkers: boolean;
  /** WORKER_PORT: the `worker` process answers GET /healthz on this port; unset: it listens on none. */
  workerPort: number;
  /** MEDIA_PORT: the `media` process serves HTTP-FLV and HLS playback (and GET /healthz) on this port. */
  mediaPort: number;
  /** API_URL: where the `media` process reaches the API processes (their load balancer). */
  apiUrl: string;
  /** MEDIA_REPORT_MS: how often the `media` process reports its streams and viewers to the API. */
  mediaReportMs: number;
  /**
   * MEDIA_RTMP_URL: where the API processes reach the `media` process's RTMP (`rtmp://media:1935`), for live transcodes;
   * empty: loopback at the port it listens on (API and media on one machine).
   */
  mediaRtmpUrl: string;
  /** MEDIA_STATS_URL: with INGEST=external, the media server's statistics (nginx-rtmp's stat page, SRS's /api/v1/streams/). */
  mediaStatsUrl: string;
  /** MEDIA_STATS_KIND: what answers at MEDIA_STATS_URL, `nginx-rtmp` (default) or `srs`. */
  mediaStatsKind: 'nginx-rtmp' | 'srs';
  /** MEDIA_STATS_INTERVAL_MS: how often the statistics are read (default 5 s). */
  mediaStatsIntervalMs: number;
}

const root = path.resolve(import.meta.dirname, '../../..');

/** Reads the environment once; tests pass their own overrides. */
export function loadConfig(overrides: Partial<Config> = {}, env = process.env): Config {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? path.join(root, 'data'));
  const config: Config = {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL ?? '',
    inMemoryDatabase: false,
    redisUrl: env.REDIS_URL ?? '',
    s3: readS3Config(env),
    redisPrefix: env.REDIS_PREFIX ?? 'yanbo:',
    adminMobile: env.ADMIN_MOBILE ?? '',
    adminPassword: env.ADMIN_PASSWORD ?? '',
    ...readProviderConfig(env),
    secretKey: env.SECRET_KEY ?? '',
    consoleDir: env.CONSOLE_DIR ?? path.join(root, 'apps/console/dist'),
    watchDir: env.WATCH_DIR ?? path.join(root, 'apps/watch/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    rtmpPort: Number(env.RTMP_PORT ?? 1935),
    rtmpHost: env.RTMP_HOST ?? '0.0.0.0',
    embeddedIngest: env.INGEST !== 'external',
    ingestReconnectGraceMs: Number(env.INGEST_RECONNECT_GRACE_MS ?? 10_000),
    mediaProcess: env.MEDIA_PROCESS === 'inline' ? 'inline' : 'child',
    pushDomain: env.PUSH_DOMAIN ?? `127.0.0.1:${env.RTMP_PORT ?? 1935}`,
    pullDomain: env.PULL_DOMAIN ?? `127.0.0.1:${env.PORT ?? 8080}`,
    serverIps: env.SERVER_IPS ? env.SERVER_IPS.split(',').map((ip) => ip.trim()) : machineIps(),
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    relayAllowPrivate: env.RELAY_ALLOW_PRIVATE === '1',
    ffmpegJobsPerAgent: positiveInt(env.FFMPEG_JOBS_PER_AGENT, 4),
    ffmpegJobsTotal: positiveInt(env.FFMPEG_JOBS_TOTAL, 16),
    ffmpegNoDataTimeoutMs: positiveInt(env.FFMPEG_NO_DATA_TIMEOUT, 20) * 1000,
    mediaTranscodeTimeoutMs: positiveInt(env.MEDIA_TRANSCODE_TIMEOUT, 7200) * 1000,
    publicHosts: (env.PUBLIC_HOSTS ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
    dnsResolver: env.DNS_RESOLVER ?? '',
    meetingIceServers: parseIceServers(env.MEETING_ICE_SERVERS ?? ''),
    metricsEnabled: env.METRICS !== 'off',
    metricsToken: env.METRICS_TOKEN ?? '',
    shutdownGraceMs: positiveInt(env.SHUTDOWN_GRACE_MS, 10_000),
    slowQueryMs: positiveInt(env.SLOW_QUERY_MS, 500),
    taskWorkers: env.TASK_WORKERS !== 'off',
    workerPort: Number(env.WORKER_PORT ?? 0),
    mediaPort: Number(env.MEDIA_PORT ?? 8081),
    apiUrl: env.API_URL ?? `http://127.0.0.1:${env.PORT ?? 8080}`,
    mediaReportMs: positiveInt(env.MEDIA_REPORT_MS, 5_000),
    mediaRtmpUrl: env.MEDIA_RTMP_URL ?? '',
    mediaStatsUrl: env.MEDIA_STATS_URL ?? '',
    mediaStatsKind: env.MEDIA_STATS_KIND === 'srs' ? 'srs' : 'nginx-rtmp',
    mediaStatsIntervalMs: positiveInt(env.MEDIA_STATS_INTERVAL_MS, 5_000),
    ...overrides,
  };
  if (!config.secretKey) config.secretKey = readOrCreateSecret(config.dataDir);
  return config;
}

/** Without SECRET_KEY the process keeps a random key in the data directory, so restarts keep sessions and secrets. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A positive integer setting, or its default when unset or not one. */
function positiveInt(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : fallback;
}

/** MEETING_ICE_SERVERS as JSON or a comma list of URLs; a value that is neither stops the start, saying so. */
export function parseIceServers(value: string): MeetingIceServer[] {
  const text = value.trim();
  if (!text) return [];
  if (!text.startsWith('[')) {
    return text
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean)
      .map((urls) => ({ urls }));
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    raw = undefined;
  }
  const parsed = z.array(meetingIceServer).max(20).safeParse(raw);
  if (!parsed.success) throw new Error('MEETING_ICE_SERVERS is not a JSON array of RTCIceServer objects');
  return parsed.data;
}

function machineIps(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && address.family === 'IPv4' && !address.internal)
    .map((address) => address?.address as string);
}
