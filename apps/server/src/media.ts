import http from 'node:http';
import { CONSOLE_PREVIEW_PARAM } from '@yanbo/contracts';
import { MEDIA_REPORT_MAX_INTERVAL_MS, MEDIA_REPORT_MIN_INTERVAL_MS } from '@yanbo/contracts/media-report';
import Fastify from 'fastify';
import { loadConfig } from './config.ts';
import { registerPlaybackRoutes } from './features/live-stream/embedded-ingest.ts';
import { createMediaReporter } from './features/live-stream/media-reporter.ts';
import { sourceStreamOf, transcodePublishAllowed, transcodeReadAllowed } from './features/live-stream/transcode.ts';
import { capConnections } from './platform/connection-cap.ts';
import { createIngest } from './platform/ingest/index.ts';

// The `media` entry point (issue 15, media as its own process): the embedded ingest — RTMP on RTMP_PORT, HTTP-FLV and
// HLS playback on MEDIA_PORT — without the API and without a database. It asks the API (API_URL, the API processes'
// load balancer) through the webhooks nginx-rtmp calls whether a push may start and tells it when one ends, and
// reports its streams, viewers and their health every MEDIA_REPORT_MS, signed with a key derived from SECRET_KEY, which
// must be the API processes' own. The API processes run with INGEST=external, PUSH_DOMAIN and PULL_DOMAIN naming this
// process (or the CDN in front of it). SIGTERM ends the pushes (the API hears each end) and exits 0.

const config = loadConfig();
let stopping = false;

function log(level: 'info' | 'warn' | 'error', msg: string) {
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, name: 'media', msg })}\n`);
}

if (!process.env.SECRET_KEY) {
  // A key of its own would sign reports no API process accepts, and check transcode credentials none of them made.
  log('error', 'the media process needs SECRET_KEY, the same as the API processes');
  process.exit(1);
}

const reportMs = Math.min(MEDIA_REPORT_MAX_INTERVAL_MS, Math.max(MEDIA_REPORT_MIN_INTERVAL_MS, config.mediaReportMs));
// The reporter needs the ingest and the ingest the reporter: the ingest's callbacks run only once it listens.
let reporter: ReturnType<typeof createMediaReporter> | null = null;
const ingest = createIngest({
  rtmpPort: config.rtmpPort,
  host: config.rtmpHost,
  reconnectGraceMs: config.ingestReconnectGraceMs,
  log: (line) => log('info', line),
  // The live transcode's 标清 rendition publishes, and reads the push, with its internal credential (transcode.ts).
  authorizePublish: async (app, stream, query, info) =>
    sourceStreamOf(stream) !== null
      ? transcodePublishAllowed(config.secretKey, app, stream, query.key ?? '')
      : ((await reporter?.authorizePublish(app, stream, query, info.remoteAddress)) ?? false),
  isInternalPlay: (app, stream, query) => transcodeReadAllowed(config.secretKey, app, stream, query.key ?? ''),
  onPublishEnd: (app, stream, info) => {
    if (sourceStreamOf(stream) === null) reporter?.publishEnded(app, stream, info.remoteAddress);
  },
});
reporter = createMediaReporter({
  apiUrl: config.apiUrl,
  secretKey: config.secretKey,
  intervalMs: reportMs,
  ingest,
  rtmpUrl: () => {
    const port = ingest.rtmpPort();
    return config.mediaRtmpUrl || (port === null ? undefined : `rtmp://127.0.0.1:${port}`);
  },
  log: (line) => log('warn', line),
});
const media = reporter;

const app = Fastify({
  logger: false,
  trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
  forceCloseConnections: true,
  serverFactory: (handler) => {
    // As the API's server: headers within 15 s, an idle connection closed after 2 min (an FLV reader is never idle).
    const server = http.createServer({ headersTimeout: 15_000, connectionsCheckingInterval: 2_000 }, handler);
    server.keepAliveTimeout = 72_000;
    server.setTimeout(120_000);
    return server;
  },
});
capConnections(app.server, { perAddress: 2_000, total: 16_000, exempt: config.trustProxy });
app.get('/healthz', async (_request, reply) =>
  reply.status(stopping ? 503 : 200).send({ status: stopping ? 'stopping' : 'ok', source: media.source }),
);
// The console's own preview is not audience (as on the API process).
registerPlaybackRoutes(
  app,
  ingest,
  config.secretKey,
  (name, stream, left, query) => {
    if (query[CONSOLE_PREVIEW_PARAM] === undefined) media.flvViewer(name, stream, left);
  },
  (name, stream, viewer, targetSeconds, query) => {
    if (query[CONSOLE_PREVIEW_PARAM] === undefined) media.hlsViewer(name, stream, viewer, targetSeconds);
  },
  (name, stream, bytes) => media.hlsBytes(name, stream, bytes),
);

await app.listen({ port: config.mediaPort, host: config.host });
const rtmpPort = await ingest.listen();
log(
  'info',
  `media ${media.source}: RTMP on ${config.rtmpHost}:${rtmpPort}, playback on ${config.host}:${config.mediaPort}, reporting to ${config.apiUrl} every ${reportMs} ms`,
);

async function stop(signal: string) {
  if (stopping) process.exit(1);
  stopping = true;
  log('info', `${signal}: ending the pushes and stopping`);
  await app.close();
  // Each push ends (its on_publish_done goes out), then one last report lists none.
  await ingest.close();
  await media.close();
  log('info', 'stopped');
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stop(signal).catch((error) => {
      log('error', `stopping failed: ${error}`);
      process.exit(1);
    });
  });
}
