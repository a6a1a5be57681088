import {
  defaultMedia,
  defaultMediaUpdate,
  globalMedia,
  globalMediaUpdate,
  idParams,
  liveMedia,
  liveMediaQuery,
  liveMediaUpdate,
  media,
  mediaCreate,
  mediaList,
  mediaListQuery,
  playlist,
  playlistUpdate,
  storageUsage,
  videoSyncBody,
  videoSyncResult,
} from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../platform/auth.ts';
import * as lists from './media-lists.ts';
import * as mediaService from './media-service.ts';
import { storageUsage as computeStorageUsage } from './storage-usage.ts';
import { createTranscoder, resumeTranscodes, type Transcoder } from './transcoder.ts';

const tags = ['media'];

/** Media routes, with the transcoder they feed: it starts with the server and stops its ffmpeg processes on close. */
export async function registerMediaRoutes(server: FastifyInstance, ctx: AppContext): Promise<Transcoder> {
  const filesRoot = mediaService.filesRootOf(ctx);
  const jobs = createTranscoder({
    db: ctx.db,
    filesRoot,
    log: (line) => server.log.warn(line),
    slots: ctx.relays.slots,
    timeoutMs: ctx.config.mediaTranscodeTimeoutMs,
  });
  server.addHook('onClose', () => jobs.close());
  await resumeTranscodes(ctx.db, jobs);
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get('/v3/media', { schema: { tags, querystring: mediaListQuery, response: { 200: mediaList } } }, (request) =>
    mediaService.listMedia(ctx, callerOf(request), request.query),
  );
  app.post('/v3/media', { schema: { tags, body: mediaCreate, response: { 200: media } } }, (request) =>
    mediaService.createMedia(ctx, jobs, callerOf(request), request.body),
  );
  app.get('/v3/media/:id', { schema: { tags, params: idParams, response: { 200: media } } }, (request) =>
    mediaService.getMedia(ctx, callerOf(request), request.params.id),
  );
  app.post(
    '/v3/media/:id/transcode-retry',
    { schema: { tags, params: idParams, response: { 200: media } } },
    (request) => mediaService.retryTranscode(ctx, jobs, callerOf(request), request.params.id),
  );
  app.post('/video/sync', { schema: { tags, body: videoSyncBody, response: { 200: videoSyncResult } } }, (request) =>
    mediaService.syncVideos(ctx, jobs, callerOf(request), request.body ?? {}),
  );
  app.get('/agent/storageUsage', { schema: { tags, response: { 200: storageUsage } } }, (request) =>
    computeStorageUsage(ctx.db, callerOf(request), filesRoot),
  );

  app.get(
    '/v3/agent/media',
    { schema: { tags, querystring: liveMediaQuery, response: { 200: liveMedia } } },
    (request) => lists.getLiveMedia(ctx, callerOf(request), request.query.activityId),
  );
  app.put(
    '/v3/agent/media',
    { schema: { tags, querystring: liveMediaQuery, body: liveMediaUpdate, response: { 200: liveMedia } } },
    (request) => lists.updateLiveMedia(ctx, callerOf(request), request.query.activityId, request.body.lists),
  );
  app.get('/v3/agent/global-media', { schema: { tags, response: { 200: globalMedia } } }, (request) =>
    lists.getGlobalMedia(ctx, callerOf(request)),
  );
  app.put(
    '/v3/agent/global-media',
    { schema: { tags, body: globalMediaUpdate, response: { 200: globalMedia } } },
    (request) => lists.updateGlobalMedia(ctx, callerOf(request), request.body.items),
  );
  app.get('/v3/agent/default-media', { schema: { tags, response: { 200: defaultMedia } } }, (request) =>
    lists.getDefaultMedia(ctx, callerOf(request)),
  );
  app.put(
    '/v3/agent/default-media',
    { schema: { tags, body: defaultMediaUpdate, response: { 200: defaultMedia } } },
    (request) => lists.updateDefaultMedia(ctx, callerOf(request), request.body.lists),
  );

  app.get('/activity/:id/playlist', { schema: { tags, params: idParams, response: { 200: playlist } } }, (request) =>
    lists.getPlaylist(ctx, callerOf(request), request.params.id),
  );
  app.put(
    '/activity/:id/playlist',
    { schema: { tags, params: idParams, body: playlistUpdate, response: { 200: playlist } } },
    (request) => lists.updatePlaylist(ctx, callerOf(request), request.params.id, request.body),
  );
  return jobs;
}
