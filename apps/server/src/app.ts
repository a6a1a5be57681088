import { existsSync } from 'node:fs';
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
import { registerAggregationPage, registerAggregationRoutes } from './features/aggregation/index.ts';
import { registerAudienceRoutes } from './features/audience/index.ts';
import { registerBrandingRoutes } from './features/branding/index.ts';
import { registerCatalogPage, registerCatalogRoutes } from './features/catalogs/index.ts';
import { registerCommentRoutes } from './features/comments/index.ts';
import { registerDitchRoutes } from './features/ditches/ditch-routes.ts';
import { registerDocumentRoutes } from './features/documents/index.ts';
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
  keepEndingLapsedMediaSources,
  keepEndingSilentExternalPushes,
  keepMarkingPushesSeen,
  keepPollingMediaStats,
  markInterruptedJobs,
  registerLiveStreamRoutes,
  registerPlaybackRoutes,
  syncStreamTranscode,
  trackHlsViewer,
} from './features/live-stream/index.ts';
import { registerMediaRoutes } from './features/media/index.ts';
import { registerMeetingRoutes } from './features/meeting/index.ts';
import { MESSAGE_TOKEN_PURPOSE, registerMetaRoutes } from './features/meta/index.ts';
import { registerOrderRoutes } from './features/orders/index.ts';
import { registerPageTemplateRoutes } from './features/page-template/index.ts';
import { registerPageRoutes } from './features/pages/index.ts';
import { registerPhotoRoutes } from './features/photos/index.ts';
import { registerPortalPages } from './features/portal-page/index.ts';
import { registerPriceRoutes } from './features/price/index.ts';
import { registerProductRoutes } from './features/products/index.ts';
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
import { createLifecycle, type Lifecycle } from './platform/health/lifecycle.ts';
import { createReadinessCheck, registerReadinessRoute } from './platform/health/readiness-routes.ts';
import { registerIdempotency } from './platform/idempotency.ts';
import { type MediaProcess, startMediaProcess } from './platform/ingest/index.ts';
import { registerMetrics } from './platform/metrics/metrics.ts';
import { createOutboundRules } from './platform/net/outbound-address.ts';
import { createProviders, registerProviderPages } from './platform/providers.ts';
import { openClusterState } from './platform/realtime/cluster-state.ts';
import { followJobStops } from './platform/realtime/job-owner.ts';
import { requestIdGenerator } from './platform/request-context.ts';
import { registerRequestIds, requestChildLogger, requestIdMixin, serializeRequest } from './platform/request-log.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { builtAssetOptions } from './platform/static-assets.ts';
import { bucketOrigins } from './platform/storage/s3-config.ts';
import { createStorage, registerFileRoutes } from './platform/storage/storage-setup.ts';
import { createTaskQueue } from './platform/tasks/task-queue.ts';
import { registerTaskKinds } from './task-kinds.ts';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  lifecycle: Lifecycle;
  close(): Promise<void>;
  /** SIGTERM's way out: drain (readiness fails, no new request), let running requests finish, then close. */
  shutdown(): Promise<void>;
}

/** Builds the whole server: database (migrated), providers, API routes, OpenAPI, the console and its SPA fallback. */
export async function buildApp(config: Config, options: { logStream?: Writable } = {}): Promise<BuiltApp> {
  const mediaFrontDoor: { current: ((req: IncomingMessage) => boolean) | null } = { current: null };
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    inMemory: config.inMemoryDatabase,
    slowQueryMs: config.slowQueryMs,
  });
  await migrate(database);
  const app = Fastify({
    // No token in a log line: the request's URL is logged with its query values redacted, and no header.
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      mixin: requestIdMixin,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // X-Forwarded-For only from the proxies TRUST_PROXY names; otherwise the connection's address is the client's.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // A request's id: its trusted proxy's X-Request-Id, else a new one (platform/request-context.ts).
    genReqId: requestIdGenerator(config.trustProxy),
    childLoggerFactory: requestChildLogger,
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
  registerRequestIds(app);
  const lifecycle = createLifecycle(app);
  const providers = createProviders(config, database.db, (line) => app.log.info(line));
  const storage = await createStorage(config.dataDir, config.s3);
  const cluster = await openClusterState(config, database, app.log);
  const base = {
    config,
    database,
    db: database.db,
    secretKey: config.secretKey,
    sms: providers.sms,
    files: storage.files,
    realtime: cluster.realtime,
    process: cluster.process,
    viewers: cluster.viewers,
    wechat: providers.wechat,
    wechatJsapi: providers.wechatJsapi,
    pay: providers.pay,
    limits: cluster.limits,
    tasks: createTaskQueue({
      db: database.db,
      files: storage.taskFiles,
      log: (line) => app.log.warn(line),
      info: (line) => app.log.info(line),
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
  // Stream jobs run as ffmpeg of the process that started them: a stop from another process reaches it on the hub, and
  // only the jobs of processes whose heartbeat stopped are failed, now and after every heartbeat (issue 15).
  const stopFollowingJobStops = followJobStops(ctx);
  app.addHook('onClose', async () => stopFollowingJobStops());
  await markInterruptedJobs(ctx);
  ctx.process.onBeat(() => markInterruptedJobs(ctx));
  // Likewise no push outlived the restart: end those a crash left open, and keep noting the live ones as seen.
  if (config.embeddedIngest) {
    await endPushesCutOffByRestart(ctx);
    const stopMarkingPushes = keepMarkingPushesSeen(ctx.db, (line) => app.log.warn(line));
    app.addHook('onClose', async () => stopMarkingPushes());
  } else {
    const stopEndingPushes = keepEndingSilentExternalPushes(ctx, (line) => app.log.warn(line));
    app.addHook('onClose', async () => stopEndingPushes());
    // A media process (npm run media) that stops reporting is gone: its pushes end (media-reports.ts).
    const stopEndingLapsed = keepEndingLapsedMediaSources(
      ctx,
      (line) => app.log.warn(line),
      (streamApp, stream) => syncStreamTranscode(ctx, streamApp, stream),
    );
    app.addHook('onClose', async () => stopEndingLapsed());
    // The media server's statistics carry the online counts, the ingest list and the stream's health (issue 15).
    if (config.mediaStatsUrl) {
      const stopPollingStats = keepPollingMediaStats(ctx, (line) => app.log.warn(line));
      app.addHook('onClose', async () => stopPollingStats());
    }
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
  const metrics = registerMetrics(
    app,
    { database, lifecycle, ingest: () => ctx.ingest, ffmpegJobs: () => ctx.relays.slots.used() },
    { enabled: config.metricsEnabled, token: config.metricsToken },
  );
  database.queries.onSlow = ({ sql, ms, reqId }) => {
    metrics.countSlowQuery();
    app.log.warn({ ...(reqId ? { reqId } : {}), sql, ms: Math.round(ms) }, 'slow query');
  };
  // A download's export token is the console's message token (POST /ephemeral-token), checked against its session.
  registerAuth(app, database.db, { secretKey: config.secretKey, purpose: MESSAGE_TOKEN_PURPOSE });
  registerIdempotency(app, database.db);
  await registerSecurityHeaders(app, config.pullDomain, bucketOrigins(config.s3));

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
      registerReadinessRoute(
        api,
        createReadinessCheck({ lifecycle, database, realtime: ctx.realtime, usesRedis: !!config.redisUrl }),
      );
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
      registerAggregationRoutes(api, ctx);
      registerPageRoutes(api, ctx);
      registerPhotoRoutes(api, ctx);
      registerRegistrationRoutes(api, ctx);
      registerDocumentRoutes(api, ctx);
      registerFinanceMoneyRoutes(api, ctx);
      registerFinanceViewRoutes(api, ctx);
      registerProductRoutes(api, ctx);
    },
    { prefix: API_PREFIX },
  );
  registerProviderPages(app, providers, database.db, config.secretKey);
  registerRobotAvatars(app);
  await registerFileRoutes(app, storage, config.dataDir);
  let media: MediaProcess | null = null;
  if (ctx.ingest) {
    const onFlvViewer: FlvViewerListener = (name, stream, left, query) => {
      // The console's own preview is not audience.
      if (query[CONSOLE_PREVIEW_PARAM] !== undefined) return;
      metrics.countFlvViewer(left);
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
  registerAggregationPage(app, ctx);
  registerPortalPages(app, ctx);
  registerConsole(app, config.consoleDir);
  // Every task kind is known here, so a create is checked against it; the worker runs them unless TASK_WORKERS=off
  // leaves that to `worker` processes (src/worker.ts), and hands its task back on close. No worker process can open
  // the embedded database, so on it this process always runs its tasks.
  registerTaskKinds(ctx.tasks, ctx);
  if (config.taskWorkers || database.kind === 'pglite') ctx.tasks.start();
  else app.log.info('TASK_WORKERS=off: background tasks are queued here and run by worker processes');
  app.addHook('onClose', async () => ctx.tasks.stop());
  lifecycle.ready();

  const built: BuiltApp = {
    app,
    ctx,
    lifecycle,
    async shutdown() {
      lifecycle.drain();
      // No new connection from now on (Node also closes the idle kept-alive ones); the requests running go on.
      app.server.close();
      if (!(await lifecycle.settled(config.shutdownGraceMs))) {
        app.log.warn(`shutdown: ${lifecycle.inFlight()} request(s) still running after ${config.shutdownGraceMs} ms`);
      }
      // The sockets are told the server is going away (1001), so their clients reconnect to another process.
      for (const socket of app.websocketServer?.clients ?? []) socket.close(1001, 'server shutting down');
      await built.close();
    },
    async close() {
      mediaFrontDoor.current = null;
      await media?.close();
      await app.close();
      await ctx.relays.stopAll();
      await ctx.ingest?.close();
      // Reminders being sent finish (each gateway call has its deadline) before the database goes.
      await remindersSettled();
      await cluster.close();
      await database.close();
    },
  };
  return built;
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
