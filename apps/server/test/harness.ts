import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { appendFile, cp, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PREFIX, type SmsPurpose, smsSignature, VIEWER_COOKIE, VIEWER_MOBILE_COOKIE } from '@yanbo/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import { type BuiltApp, buildApp } from '../src/app.ts';
import type { AppContext } from '../src/app-context.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { viewerCookieValue } from '../src/features/watch/viewer-cookie.ts';
import { signViewerMobile } from '../src/features/watch/viewer-mobile.ts';
import { hashPassword } from '../src/platform/crypto.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { createSession } from '../src/platform/sessions.ts';
import { s3SettingsOf, startS3StandIn } from './support/s3-stand-in.ts';

// API tests run against real databases: PGlite always (a database of its own per app, see below), and the PostgreSQL
// on 127.0.0.1:5432 when one answers (CI has one; YANBO_TEST_POSTGRES=0 skips it). Each test file gets a PostgreSQL
// database of its own, created for it and dropped after it.

export type Engine = 'pglite' | 'postgres';

const POSTGRES_HOST = '127.0.0.1:5432';

/** The admin URL of the local PostgreSQL (trust auth, database `test`), or null when none answers. */
async function findPostgres(): Promise<string | null> {
  if (process.env.YANBO_TEST_POSTGRES === '0') return null;
  const users = [...new Set([process.env.PGUSER, 'root', 'postgres'].filter((user): user is string => !!user))];
  for (const user of users) {
    const url = `postgres://${user}@${POSTGRES_HOST}/test`;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return url;
    } catch {
      // not reachable, or not this user: try the next
    } finally {
      await client.end().catch(() => {});
    }
  }
  return null;
}

const postgresAdminUrl = await findPostgres();

/** The databases every API test runs on. */
export const engines: Engine[] = postgresAdminUrl ? ['pglite', 'postgres'] : ['pglite'];

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl ?? '' });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test database once the app's pool has really gone: a connection still closing when DROP ... WITH (FORCE)
 * terminates it would raise an unhandled error in the test run.
 */
async function dropDatabase(name: string) {
  await withAdmin(async (client) => {
    await untilUnused(client, name);
    await client.query(`drop database if exists ${name} with (force)`);
  });
}

/**
 * PGlite: a fresh in-memory database runs initdb on start (3 to 15 s on these machines) and then every migration (about
 * 1 s), and most of a test file's time went there. So by default each app gets a copy of one migrated PGlite cluster,
 * made once per PGlite version and set of migrations and kept in the temp directory, opened from its data directory in
 * 0.3 s. YANBO_TEST_PGLITE=memory runs each app on a fresh in-memory PGlite, migrated from scratch, instead.
 */
const pgliteInMemory = process.env.YANBO_TEST_PGLITE === 'memory';

/**
 * The test clusters' settings, written into the template (and part of its name, so a change makes a new one). A PGlite
 * start spent most of its CPU clearing initdb's 128 MB of shared buffers, in every one of the suite's hundreds of apps:
 * a test database of a few hundred rows needs 16 MB, and opening it costs a third of the CPU (1.0 s to 0.35 s).
 */
const PGLITE_TEST_SETTINGS = "shared_buffers = '16MB'\n";
const pgliteSettingsTag = createHash('sha256').update(PGLITE_TEST_SETTINGS).digest('hex').slice(0, 6);

let pgliteTemplate: Promise<string> | undefined;
function pgliteTemplateDir(): Promise<string> {
  pgliteTemplate ??= (async () => {
    let root = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    while (!existsSync(path.join(root, 'package.json'))) root = path.dirname(root);
    const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
    const dir = path.join(tmpdir(), `yanbo-pglite-template-${version}-${migrationsHash()}-${pgliteSettingsTag}`);
    if (existsSync(path.join(dir, 'READY'))) return path.join(dir, 'pgdata');
    // Built aside and renamed into place, so parallel test workers never see a half-made cluster.
    const building = await mkdtemp(`${dir}.building-`);
    const database = await openDatabase({ databaseUrl: '', dataDir: building, inMemory: false });
    await migrate(database);
    await database.close();
    await appendFile(path.join(building, 'pgdata', 'postgresql.auto.conf'), PGLITE_TEST_SETTINGS);
    await writeFile(path.join(building, 'READY'), '');
    await rename(building, dir).catch(() => rm(building, { recursive: true, force: true }));
    return path.join(dir, 'pgdata');
  })();
  return pgliteTemplate;
}

/**
 * PostgreSQL: each test database is a copy of one migrated template database (`CREATE DATABASE ... TEMPLATE`), made
 * once per set of migrations under an advisory lock, so parallel test workers neither build it twice nor see it half
 * made. Templates of other migrations are left alone: another checkout's test run on the same server may be copying
 * them (`yanbo_tpl_*` databases can be dropped by hand whenever no tests run).
 */
let postgresTemplateName: Promise<string> | undefined;
function postgresTemplate(): Promise<string> {
  postgresTemplateName ??= withAdmin(async (client) => {
    const name = `yanbo_tpl_${migrationsHash()}`;
    await client.query('select pg_advisory_lock(724112)');
    try {
      const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (rows.length > 0) return name;
      await client.query(`drop database if exists ${name}_b with (force)`);
      await client.query(`create database ${name}_b`);
      const url = new URL(postgresAdminUrl ?? '');
      url.pathname = `/${name}_b`;
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', inMemory: false });
      await migrate(database);
      await database.close();
      await untilUnused(client, `${name}_b`);
      await client.query(`alter database ${name}_b rename to ${name}`);
      return name;
    } finally {
      await client.query('select pg_advisory_unlock(724112)');
    }
  });
  return postgresTemplateName;
}

/** Waits until no session is connected to a database (a closed pool's connections leave a moment later). */
async function untilUnused(client: pg.Client, name: string) {
  for (let i = 0; i < 250; i++) {
    const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function createFromTemplate(name: string, template: string) {
  await withAdmin(async (client) => {
    await untilUnused(client, template);
    await client.query(`create database ${name} template ${template}`);
  });
}

/** A digest of every migration's name and text: a new or changed migration makes a new template. */
function migrationsHash(): string {
  const dir = path.join(import.meta.dirname, '../migrations');
  const hash = createHash('sha256');
  for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(path.join(dir, name)));
  return hash.digest('hex').slice(0, 12);
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The process's lifecycle (ready, draining), as the readiness probe reads it. */
  lifecycle: BuiltApp['lifecycle'];
  dataDir: string;
  close(): Promise<void>;
}

/** A migrated PostgreSQL database of its own for a server run outside this process; dropped by drop(). */
export async function newPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgresAdminUrl) throw new Error('PostgreSQL is not available');
  const name = `yanbo_t_${randomBytes(6).toString('hex')}`;
  await createFromTemplate(name, await postgresTemplate());
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(name) };
}

/** Builds the whole server on a fresh database: PGlite of its own, or a new PostgreSQL database dropped on close. */
export async function startApp(
  engine: Engine,
  overrides: Partial<Config> = {},
  options: Parameters<typeof buildApp>[1] = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'yanbo-test-'));
  if (engine === 'pglite' && !pgliteInMemory) {
    await cp(await pgliteTemplateDir(), path.join(dataDir, 'pgdata'), { recursive: true });
  }
  let databaseUrl = '';
  let databaseName = '';
  if (engine === 'postgres') {
    if (!postgresAdminUrl) throw new Error('PostgreSQL is not available');
    databaseName = `yanbo_t_${randomBytes(6).toString('hex')}`;
    await createFromTemplate(databaseName, await postgresTemplate());
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  // YANBO_TEST_STORAGE=bucket runs the app with its files in a bucket of its own (a local S3 stand-in).
  const bucket =
    process.env.YANBO_TEST_STORAGE === 'bucket' && overrides.s3 === undefined
      ? await startS3StandIn({ publicPrefixes: ['files/'] })
      : null;
  const config = loadConfig({
    dataDir,
    databaseUrl,
    inMemoryDatabase: engine === 'pglite' && pgliteInMemory,
    logLevel: 'silent',
    consoleDir: '/nonexistent',
    secretKey: 'test-secret',
    ...(bucket ? { s3: s3SettingsOf(bucket) } : {}),
    ...overrides,
  });
  const built = await buildApp(config, options);
  return {
    app: built.app,
    ctx: built.ctx,
    lifecycle: built.lifecycle,
    dataDir,
    async close() {
      await built.close();
      await bucket?.close();
      if (databaseName) await dropDatabase(databaseName);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The client address the server sees: the connection's own (no forwarding header is trusted by default). */
  ip?: string;
}

export interface CallResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a response body is whatever the route answers; tests assert it
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
}

/** One API call under /api, JSON in and out. */
export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await app.inject({
    method,
    url: `${API_PREFIX}${url}`,
    headers,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
  });
  const type = String(response.headers['content-type'] ?? '');
  return {
    status: response.statusCode,
    body: type.includes('application/json') ? response.json() : response.body,
    headers: response.headers,
    text: response.body,
  };
}

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
};

/** The error body exactly: status, status name, English message, and code and field when given (nothing else). */
export function expectError(
  response: CallResult,
  status: number,
  message: string,
  extra: { code?: string; field?: string } = {},
) {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: {
      statusCode: status,
      error: STATUS_NAMES[status],
      message,
      ...(extra.code ? { code: extra.code } : {}),
      ...(extra.field ? { field: extra.field } : {}),
    },
  });
}

/**
 * The Cookie header of a watch-page viewer with this id, signed with the test app's secret as POST /watch/{id}/visit
 * signs it. A bare `yanbo_viewer=<id>` is no viewer at all (anyone could claim someone else's public id).
 */
export const signedViewerCookie = (ctx: Pick<AppContext, 'secretKey'>, viewerId: string) =>
  `${VIEWER_COOKIE}=${viewerCookieValue(ctx.secretKey, viewerId)}`;

/**
 * The Cookie header of a viewer signed in by SMS with this mobile on the agent's watch pages, as POST
 * /watch/{id}/sign-in sets it (viewer-sign-in.test.ts goes through the codes themselves).
 */
export const signedMobileCookie = (ctx: Pick<AppContext, 'secretKey'>, agentId: number, mobile: string) =>
  `${VIEWER_MOBILE_COOKIE}=${signViewerMobile(ctx.secretKey, agentId, mobile)}`;

let ipCounter = 0;
/** A client address of its own, so per-IP limits of one test do not reach another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let mobileCounter = 0;
/** A mobile number nobody in this test file has used yet. */
export function nextMobile(): string {
  mobileCounter += 1;
  return `1390000${String(mobileCounter).padStart(4, '0')}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Factories

export const DEFAULT_PASSWORD = 'secret-pass-1';

/**
 * The scrypt cost of the test agents' stored passwords. Verifying a password pays the cost its hash was made with, and
 * the sign-in tests verify hundreds (guesses against the limits): at the production cost (2^15, ~100 ms each) that was
 * most of their time. The production cost itself is proven in crypto.test.ts, and passwords set through the API
 * (sign-up, reset, agents, sub-accounts) still get it.
 */
const TEST_SCRYPT_COST = 2 ** 10;

// Hash each password once per file and store the same hash for every agent using it.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password, TEST_SCRYPT_COST);
    hashes.set(password, hash);
  }
  return hash;
}

export interface TestAgent {
  id: number;
  mobile: string;
  password: string;
}

export async function createAgent(
  ctx: AppContext,
  options: {
    mobile?: string;
    password?: string;
    parentId?: number | null;
    status?: 'enabled' | 'pending' | 'disabled';
    coopLevel?: number;
    contact?: string;
    company?: string;
  } = {},
): Promise<TestAgent> {
  const mobile = options.mobile ?? nextMobile();
  const password = options.password ?? DEFAULT_PASSWORD;
  const row = await ctx.db
    .insertInto('agents')
    .values({
      mobile,
      passwordHash: await cachedHash(password),
      parentId: options.parentId ?? null,
      status: options.status ?? 'enabled',
      coopLevel: options.coopLevel ?? 0,
      contact: options.contact ?? '',
      company: options.company ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, mobile, password };
}

export interface TestSubagent {
  id: number;
  agentId: number;
  username: string;
  password: string;
}

let subagentCounter = 0;
export async function createSubagent(
  ctx: AppContext,
  options: { agentId: number; username?: string; password?: string; remark?: string },
): Promise<TestSubagent> {
  subagentCounter += 1;
  const username = options.username ?? `sub-${subagentCounter}`;
  const password = options.password ?? DEFAULT_PASSWORD;
  const row = await ctx.db
    .insertInto('subagents')
    .values({
      agentId: options.agentId,
      username,
      passwordHash: await cachedHash(password),
      remark: options.remark ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, agentId: options.agentId, username, password };
}

/** A session made directly (no password check), for tests whose subject is not login itself. */
export async function sessionFor(ctx: AppContext, agentId: number, subagentId: number | null = null): Promise<string> {
  return (await createSession(ctx.db, { agentId, subagentId })).token;
}

/** A new agent (createAgent's options) with a session of its own: what most API tests start from. */
export async function signedInAgent(
  ctx: AppContext,
  options: Parameters<typeof createAgent>[1] = {},
): Promise<{ agent: TestAgent; token: string }> {
  const agent = await createAgent(ctx, options);
  return { agent, token: await sessionFor(ctx, agent.id) };
}

let activityCount = 0;
/** An activity made through POST /activity as the token's caller (a name of its own unless given); answers its id. */
export async function createActivity(app: FastifyInstance, token: string, name?: string): Promise<number> {
  activityCount += 1;
  const response = await call(app, 'POST', '/activity', { token, body: { name: name ?? `测试活动 ${activityCount}` } });
  expect(response.status, response.text).toBe(200);
  return response.body.id as number;
}

/** Logs in through POST /agent/login and answers the token. */
export async function login(app: FastifyInstance, username: string, password: string, ip?: string): Promise<string> {
  const response = await call(app, 'POST', '/agent/login', { body: { username, password }, ip: ip ?? nextIp() });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
  return response.body.token;
}

// ---------------------------------------------------------------------------------------------------------------
// SMS

export interface OutboxLine {
  mobile: string;
  /** A code's; a reminder has none. */
  code: string;
  purpose: SmsPurpose | 'reminder' | 'review';
  /** A reminder's activity name. */
  activity?: string;
  /** A registration review's form name and outcome (已通过, 未通过). */
  form?: string;
  result?: string;
  sentAt: string;
}

/** Every message the log SMS provider wrote to $dataDir/sms-outbox.jsonl, oldest first. */
export function readSmsOutbox(dataDir: string): OutboxLine[] {
  const file = path.join(dataDir, 'sms-outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OutboxLine);
}

/** The code of the newest message to a mobile for a purpose. */
export function lastSmsCode(dataDir: string, mobile: string, purpose: SmsPurpose): string {
  const line = readSmsOutbox(dataDir)
    .filter((entry) => entry.mobile === mobile && entry.purpose === purpose)
    .at(-1);
  if (!line) throw new Error(`no ${purpose} SMS to ${mobile}`);
  return line.code;
}

/** The `Authorization: Sms <timestamp>.<hash>` header the console signs POST /sms with. */
export function signedSmsHeader(mobile: string, timestampMs = Date.now()): string {
  return `Sms ${smsSignature(mobile, timestampMs)}`;
}

/** Sends a public SMS (POST /sms), signed, from an address of its own; answers the response. */
export function sendPublicSms(
  app: FastifyInstance,
  mobile: string,
  purpose: 'signup' | 'login' | 'lostpass',
  ip = nextIp(),
) {
  return call(app, 'POST', '/sms', {
    body: { mobile, purpose },
    headers: { authorization: signedSmsHeader(mobile) },
    ip,
  });
}

/** A code that is not `code` (six digits). */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

// ---------------------------------------------------------------------------------------------------------------
// WeChat (sandbox provider)

/**
 * Goes through the sandbox authorize page as a user would: opens it, submits the consent form with a nickname, and
 * answers the one-time code from the redirect back to the console.
 */
export async function authorizeWechat(app: FastifyInstance, nickname: string, state = 's'): Promise<string> {
  const page = await app.inject({
    method: 'GET',
    url: `/sandbox/wechat/authorize?redirect_uri=/user&state=${encodeURIComponent(state)}`,
  });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('name="nickname"');
  const consent = await app.inject({
    method: 'POST',
    url: '/sandbox/wechat/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ redirect_uri: '/user', state, nickname }).toString(),
  });
  expect(consent.statusCode).toBe(302);
  const location = new URL(String(consent.headers.location), 'http://console.invalid');
  expect(location.pathname).toBe('/user');
  expect(location.searchParams.get('state')).toBe(state);
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code in ${consent.headers.location}`);
  return code;
}

/**
 * The chat's welcome to a viewer with these cookies, on an app listening at `baseUrl` (http://…): the userId the chat
 * knows it by, or what came instead of a welcome.
 */
export async function chatUserId(baseUrl: string, activityId: number, cookie: string): Promise<string> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/watch/${activityId}/chat`, { headers: { cookie } });
  const first = new Promise<{ type: string; userId?: string }>((resolve) =>
    ws.once('message', (data) => resolve(JSON.parse(String(data)))),
  );
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'hello', nickname: '观众' }));
  const welcome = await first;
  ws.close();
  return welcome.type === 'welcome' ? (welcome.userId ?? '') : `not welcomed: ${welcome.type}`;
}
