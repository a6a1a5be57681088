import { existsSync, mkdirSync } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Writable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { API_PREFIX, CHAT_MAX_MESSAGE_BYTES, CONSOLE_PREVIEW_PARAM, MEETING_MAX_MESSAGE_BYTES } from '@yanbo/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import type { Config } from './config.ts';
import { registerAccountRoutes } from './features/account/index.ts';
import { registerActivityRoutes, trackFlvViewer } from './features/activities/index.ts';
import { registerActivitySettingsRoutes } from './features/activity-settings/index.ts';
import { registerAgentRoutes } from './features/agents/index.ts';
import { registerAudienceRoutes } from './features/audience/index.ts';
import { registerBrandingRoutes } from './features/branding/index.ts';
import { registerCatalogPage, registerCatalogRoutes } from './features/catalogs/index.ts';
import { registerCommentRoutes } from './features/comments/index.ts';
import { registerDitchRoutes } from './features/ditches/ditch-routes.ts';
import { registerDownloadCenterRoutes } from './features/download-center/index.ts';
import { registerExpenseRoutes } from './features/expense/index.ts';
import { registerExportRoutes } from './features/exports/index.ts';
import { registerExtensionRoutes } from './features/extensions/index.ts';
import { registerFinanceMoneyRoutes, registerFinanceViewRoutes } from './features/finance/index.ts';
import { registerGiftRoutes } from './features/gifts/index.ts';
import { registerInteractionRoutes } from './features/interactions/index.ts';
import { registerInvitationRoutes } from './features/invitations/index.ts';
import { keepSamplingLiveActivities, registerLiveOpsRoutes } from './features/live-ops/index.ts';
import {
  countHlsBytes,
  createEmbeddedIngest,
  createRelayRunner,
  endPushesCutOffByRestart,
  type FlvViewerListener,
  flvHandoff,
  keepEndingSilentExternalPushes,
  keepMarkingPushesSeen,
  markInterruptedJobs,
  registerLiveStreamRoutes,
  registerPlaybackRoutes,
  trackHlsViewer,
} from './features/live-stream/index.ts';
import { registerMediaRoutes } from './features/media/index.ts';
import { registerMeetingRoutes } from './features/meeting/index.ts';
import { MESSAGE_TOKEN_PURPOSE, registerMetaRoutes } from './features/meta/index.ts';
import { registerOrderRoutes } from './features/orders/index.ts';
import { registerPageTemplateRoutes } from './features/page-template/index.ts';
import { registerPriceRoutes } from './features/price/index.ts';
import { registerRegistrationRoutes } from './features/registration/index.ts';
import { registerRewardRoutes } from './features/rewards/index.ts';
import { registerRobotAvatars, registerRobotRoutes } from './features/robots/index.ts';
import { registerSensitiveWordRoutes } from './features/sensitive-words/index.ts';
import { registerStatsRoutes } from './features/stats/index.ts';
import { registerSubaccountRoutes } from './features/subaccounts/index.ts';
import { registerTextLiveRoutes } from './features/text-live/index.ts';
import { registerUploadRoutes } from './features/uploads/index.ts';
import { registerWatchPage, registerWatchRoutes, remindersSettled } from './features/watch/index.ts';
import { registerAuth } from './platform/auth.ts';
import { ensureAdminAgent } from './platform/bootstrap.ts';
import { capConnections } from './platform/connection-cap.ts';
import { openDatabase } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { registerErrorHandler } from './platform/errors.ts';
import { createJobSlots } from './platform/ffmpeg/job-slots.ts';
import { registerIdempotency } from './platform/idempotency.ts';
import { type MediaProcess, startMediaProcess } from './platform/ingest/index.ts';
import { createOutboundRules } from './platform/net/outbound-address.ts';
import { createProviders, registerProviderPages } from './platform/providers.ts';
import { createMemoryRateLimitStore } from './platform/rate-limit.ts';
import { createLocalHub } from './platform/realtime/hub.ts';
import { createRedisHub } from './platform/realtime/redis-hub.ts';
import { serializeRequest } from './platform/request-log.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { builtAssetOptions } from './platform/static-assets.ts';
import { createLocalFileStorage, FILES_URL_PREFIX } from './platform/storage/file-storage.ts';
import { createLocalTaskFiles } from './platform/tasks/task-files.ts';
import { createTaskQueue } from './platform/tasks/task-queue.ts';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** Builds the whole server: database (migrated), providers, API routes, OpenAPI, the console and its SPA fallback. */
export async function buildApp(config: Config, options: { logStream?: Writable } = {}): Promise<BuiltApp> {
  const mediaFrontDoor: { current: ((req: IncomingMessage) => boolean) | null } = { current: null };
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    inMemory: config.inMemoryDatabase,
  });
  await migrate(database);
  const app = Fastify({
    // No token in a log line: the request's URL is logged with its query values redacted, and no header.
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // X-Forwarded-For only from the proxies TRUST_PROXY names; otherwise the connection's address is the client's.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // JSON bodies at most 1 MiB (uploads have their own multipart limits).
    bodyLimit: 1024 * 1024,
    // Server-sent event streams stay open; closing the server ends them.
    forceCloseConnections: true,
    // The HTTP server is this one, so that HTTP-FLV viewers can be handed to the media worker ahead of Fastify.
    serverFactory: (handler) => {
      // Nothing unauthenticated holds a connection without bound: headers within 15 s (Node checks that deadline
      // on a 2 s beat; its default 30 s let a slow client hold on for 45 s), a whole request (an upload included)
      // within 30 min, an idle connection closed after 2 min (event streams ping every 15 s). Keep-alive stays at
      // 72 s, longer than a load balancer's idle timeout, so a proxy never reuses a connection this side just closed.
      const server = http.createServer({ headersTimeout: 15_000, connectionsCheckingInterval: 2_000 }, (req, res) => {
        if (!mediaFrontDoor.current?.(req)) handler(req, res);
      });
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 30 * 60_000;
      server.setTimeout(120_000);
      return server;
    },
  });
  // At most 2,000 connections per address (a generous share: a proxy named in TRUST_PROXY is not counted) and 16,000
  // in all, below the process's file descriptors, so one client cannot take them from everyone else.
  capConnections(app.server, { perAddress: 2_000, total: 16_000, exempt: config.trustProxy });
  const providers = createProviders(config, database.db, (line) => app.log.info(line));
  const base = {
    config,
    database,
    db: database.db,
    secretKey: config.secretKey,
    sms: providers.sms,
    files: createLocalFileStorage(path.join(config.dataDir, 'files')),
    realtime: config.redisUrl ? await createRedisHub(config.redisUrl, app.log) : createLocalHub(),
    wechat: providers.wechat,
    wechatJsapi: providers.wechatJsapi,
    pay: providers.pay,
    limits: createMemoryRateLimitStore(),
    tasks: createTaskQueue({
      db: database.db,
      files: createLocalTaskFiles(path.join(config.dataDir, 'task-files')),
      log: (line) => app.log.warn(line),
    }),
  };
  const outbound = createOutboundRules({ allowPrivate: config.relayAllowPrivate });
  const ctx: AppContext = {
    ...base,
    ingest: null,
    relays: createRelayRunner({
      outbound,
      noDataTimeoutMs: config.ffmpegNoDataTimeoutMs,
      slots: createJobSlots({ perAgent: config.ffmpegJobsPerAgent, total: config.ffmpegJobsTotal }),
    }),
    outbound,
  };
  if (config.embeddedIngest) ctx.ingest = createEmbeddedIngest(ctx, (line) => app.log.info(line));
  // Relays run inside this process; with the embedded default it is the only one, so a running row is a dead one.
  if (config.embeddedIngest) await markInterruptedJobs(ctx);
  // Likewise no push outlived the restart: end those a crash left open, and keep noting the live ones as seen.
  if (config.embeddedIngest) {
    await endPushesCutOffByRestart(ctx);
    const stopMarkingPushes = keepMarkingPushesSeen(ctx.db, (line) => app.log.warn(line));
    app.addHook('onClose', async () => stopMarkingPushes());
  } else {
    const stopEndingPushes = keepEndingSilentExternalPushes(ctx, (line) => app.log.warn(line));
    app.addHook('onClose', async () => stopEndingPushes());
  }
  // The live operations screen's samples and the virtual audience run while activities push (issue 10).
  const stopSampling = keepSamplingLiveActivities(ctx, (line) => app.log.warn(line));
  app.addHook('onClose', async () => stopSampling());
  await ensureAdminAgent(ctx, app.log);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  registerErrorHandler(app);
  // A download's export token is the console's message token (POST /ephemeral-token), checked against its session.
  registerAuth(app, database.db, { secretKey: config.secretKey, purpose: MESSAGE_TOKEN_PURPOSE });
  registerIdempotency(app, database.db);
  await registerSecurityHeaders(app, config.pullDomain);

  // The sockets (the viewers' chat, the meeting room's signalling): no message over the larger of their caps is even
  // read (issue 8, bounded parsers); each socket closes on one over its own (a chat message 4 KiB, a session
  // description more).
  await app.register(fastifyWebsocket, {
    options: { maxPayload: Math.max(CHAT_MAX_MESSAGE_BYTES, MEETING_MAX_MESSAGE_BYTES) },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Yanbo API', version: '1.0.0', description: '演播 live-event platform API' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs`, uiConfig: { docExpansion: 'list' } });

  await app.register(
    async (api) => {
      registerMetaRoutes(api, ctx);
      registerAccountRoutes(api, ctx);
      registerActivityRoutes(api, ctx);
      registerBrandingRoutes(api, ctx);
      registerAgentRoutes(api, ctx);
      registerSubaccountRoutes(api, ctx);
      registerLiveStreamRoutes(api, ctx);
      await registerUploadRoutes(api, ctx);
      registerPageTemplateRoutes(api, ctx);
      registerActivitySettingsRoutes(api, ctx);
      registerMeetingRoutes(api, ctx);
      await registerMediaRoutes(api, ctx);
      registerDitchRoutes(api, ctx);
      registerSensitiveWordRoutes(api, ctx);
      registerGiftRoutes(api, ctx);
      registerInteractionRoutes(api, ctx);
      registerRewardRoutes(api, ctx);
      registerCommentRoutes(api, ctx);
      registerRobotRoutes(api, ctx);
      registerLiveOpsRoutes(api, ctx);
      registerStatsRoutes(api, ctx);
      registerDownloadCenterRoutes(api, ctx);
      registerExportRoutes(api, ctx);
      registerExtensionRoutes(api, ctx);
      await registerPriceRoutes(api, ctx);
      registerOrderRoutes(api, ctx);
      registerExpenseRoutes(api, ctx);
      registerWatchRoutes(api, ctx);
      registerInvitationRoutes(api, ctx);
      registerAudienceRoutes(api, ctx);
      registerTextLiveRoutes(api, ctx);
      registerCatalogRoutes(api, ctx);
      registerRegistrationRoutes(api, ctx);
      registerFinanceMoneyRoutes(api, ctx);
      registerFinanceViewRoutes(api, ctx);
    },
    { prefix: API_PREFIX },
  );
  registerProviderPages(app, providers, database.db, config.secretKey);
  registerRobotAvatars(app);
  mkdirSync(path.join(config.dataDir, 'files'), { recursive: true });
  await app.register(fastifyStatic, {
    root: path.join(config.dataDir, 'files'),
    prefix: FILES_URL_PREFIX,
    decorateReply: false,
    maxAge: '7d',
  });
  let media: MediaProcess | null = null;
  if (ctx.ingest) {
    const onFlvViewer: FlvViewerListener = (name, stream, left, query) => {
      // The console's own preview is not audience.
      if (query[CONSOLE_PREVIEW_PARAM] !== undefined) return;
      trackFlvViewer(ctx, name, stream, left).catch((error) => app.log.warn(`online count: ${error}`));
    };
    if (config.mediaProcess === 'child') {
      media = startMediaProcess(ctx.ingest.hub, {
        hub: ctx.ingest.hub.options,
        flv: ctx.ingest.flvOptions,
        log: (line) => app.log.warn(line),
      });
      mediaFrontDoor.current = flvHandoff(ctx.ingest, media, onFlvViewer);
    }
    registerPlaybackRoutes(
      app,
      ctx.ingest,
      ctx.secretKey,
      onFlvViewer,
      (name, stream, viewer, targetSeconds, query) => {
        if (query[CONSOLE_PREVIEW_PARAM] !== undefined) return;
        trackHlsViewer(ctx, name, stream, viewer, targetSeconds).catch((error) =>
          app.log.warn(`online count: ${error}`),
        );
      },
      (name, stream, bytes) => {
        countHlsBytes(ctx, name, stream, bytes).catch((error) => app.log.warn(`playback bytes: ${error}`));
      },
    );
  }
  registerWatchPage(app, ctx, config.watchDir);
  registerCatalogPage(app, ctx);
  registerConsole(app, config.consoleDir);
  // The background worker starts once every feature has registered its task kinds, and hands its task back on close.
  ctx.tasks.start();
  app.addHook('onClose', async () => ctx.tasks.stop());

  return {
    app,
    ctx,
    async close() {
      mediaFrontDoor.current = null;
      await media?.close();
      await app.close();
      await ctx.relays.stopAll();
      await ctx.ingest?.close();
      // Reminders being sent finish (each gateway call has its deadline) before the database goes.
      await remindersSettled();
      await ctx.realtime.close();
      ctx.limits.close();
      await database.close();
    },
  };
}

/** The built console at every non-API path; unknown API paths answer JSON 404. */
function registerConsole(app: FastifyInstance, consoleDir: string) {
  const hasConsole = existsSync(path.join(consoleDir, 'index.html'));
  if (hasConsole) {
    app.register(fastifyStatic, builtAssetOptions({ root: consoleDir, wildcard: false, index: false }));
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith(`${API_PREFIX}/`) || request.method !== 'GET' || !hasConsole || path.extname(url) !== '') {
      return reply
        .status(404)
        .send({ statusCode: 404, error: 'Not Found', message: `Route ${request.method} ${url} not found` });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { maxAge: 0, immutable: false });
  });
}
