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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
