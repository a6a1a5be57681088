import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { createIngest, type Ingest } from '../../platform/ingest/index.ts';
import { authorizePublish, type PublishDeps, setPushing } from './publish-auth.ts';

/**
 * The embedded media server wired to activities: a push is accepted only with its activity's key, and isPushing
 * follows the publish. Changes of one stream are applied in order, so a reconnecting encoder's end-then-start never
 * lands as start-then-end.
 */
export function createEmbeddedIngest(
  ctx: PublishDeps & Pick<AppContext, 'config'>,
  log: (line: string) => void,
): Ingest {
  const queues = new Map<string, Promise<unknown>>();
  const inOrder = async (app: string, stream: string, change: () => Promise<unknown>): Promise<void> => {
    const key = `${app}/${stream}`;
    const next = (queues.get(key) ?? Promise.resolve()).then(change).catch((error) => log(`ingest: ${error}`));
    queues.set(key, next);
    void next.finally(() => {
      if (queues.get(key) === next) queues.delete(key);
    });
    await next;
  };
  return createIngest({
    rtmpPort: ctx.config.rtmpPort,
    host: ctx.config.rtmpHost,
    log,
    authorizePublish: async (app, stream, query) =>
      (await authorizePublish(ctx, app, stream, query.key ?? '')) !== null,
    onPublishStart: (app, stream) => inOrder(app, stream, () => setPushing(ctx, app, stream, true)),
    onPublishEnd: (app, stream) => inOrder(app, stream, () => setPushing(ctx, app, stream, false)),
  });
}

/** Playback: the seed's pullSource (HTTP-FLV) and HLS, at the addresses activity-stream.ts builds. */
export function registerPlaybackRoutes(app: FastifyInstance, ingest: Ingest) {
  const options = { schema: { hide: true } };
  app.get('/live/:app/:stream.flv', options, (request, reply) => {
    const params = request.params as { app: string; stream: string };
    if (!ingest.isLive(params.app, params.stream)) {
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'Stream is not live' });
    }
    reply.hijack();
    reply.raw.setHeader('access-control-allow-origin', '*');
    ingest.serveFlv(params.app, params.stream, reply.raw);
  });
  app.get('/live/:app/:stream/index.m3u8', options, (request, reply) => {
    const params = request.params as { app: string; stream: string };
    const playlist = ingest.hlsPlaylist(params.app, params.stream);
    if (!playlist)
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'Stream is not live' });
    return reply
      .header('content-type', 'application/vnd.apple.mpegurl')
      .header('cache-control', 'no-cache')
      .header('access-control-allow-origin', '*')
      .send(playlist);
  });
  app.get('/live/:app/:stream/:segment', options, (request, reply) => {
    const params = request.params as { app: string; stream: string; segment: string };
    const segment = ingest.hlsSegment(params.app, params.stream, params.segment);
    if (!segment) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such segment' });
    return reply
      .header('content-type', 'video/mp2t')
      .header('cache-control', 'max-age=60')
      .header('access-control-allow-origin', '*')
      .send(segment);
  });
}
