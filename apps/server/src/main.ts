import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const server = await buildApp(config);
await server.app.listen({ port: config.port, host: config.host });
const rtmpPort = await server.ctx.ingest?.listen();
server.app.log.info(
  `Yanbo serves the console and the API on http://127.0.0.1:${config.port} (${server.ctx.database.kind}, data in ${config.dataDir})`,
);
if (rtmpPort) server.app.log.info(`RTMP ingest on rtmp://127.0.0.1:${rtmpPort}/live`);

// Graceful shutdown (issue 15): the first SIGTERM or SIGINT drains (readiness 503, no new request, the running ones
// finish within SHUTDOWN_GRACE_MS), closes sockets, workers and ingest, and only then the database pool; a second
// signal does not wait.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    server.app.log.info(`${signal}: draining (up to ${config.shutdownGraceMs} ms), then stopping`);
    server.shutdown().then(
      () => {
        server.app.log.info('stopped');
        process.exit(0);
      },
      (error) => {
        server.app.log.error(`shutdown failed: ${error}`);
        process.exit(1);
      },
    );
  });
}
