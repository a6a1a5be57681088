import { mediaCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as lists from './media-lists.ts';
import * as mediaService from './media-service.ts';
import { storageUsage as computeStorageUsage } from './storage-usage.ts';
import { createTranscoder, failDeadTranscodes, resumeTranscodes, type Transcoder } from './transcoder.ts';

/** Media routes, with the transcoder they feed: it starts with the server and stops its ffmpeg processes on close. */
export async function registerMediaRoutes(server: FastifyInstance, ctx: AppContext): Promise<Transcoder> {
  const filesRoot = mediaService.filesRootOf(ctx);
  const jobs = createTranscoder({
    db: ctx.db,
    filesRoot,
    files: ctx.files,
    log: (line) => server.log.warn(line),
    slots: ctx.relays.slots,
    timeoutMs: ctx.config.mediaTranscodeTimeoutMs,
    owner: ctx.process.id,
  });
  server.addHook('onClose', () => jobs.close());
  await resumeTranscodes(ctx.db, jobs, ctx.process);
  const stopSweeping = ctx.process.onBeat(() => failDeadTranscodes(ctx.db, ctx.process));
  server.addHook('onClose', async () => stopSweeping());
  registerCalls(server, mediaCalls, {
    listMedia: ({ caller, query }) => mediaService.listMedia(ctx, caller, query),
    createMedia: ({ caller, body }) => mediaService.createMedia(ctx, jobs, caller, body),
    getMedia: ({ caller, params }) => mediaService.getMedia(ctx, caller, params.id),
    retryTranscode: ({ caller, params }) => mediaService.retryTranscode(ctx, jobs, caller, params.id),
    syncVideos: ({ caller, body }) => mediaService.syncVideos(ctx, jobs, caller, body ?? {}),
    getStorageUsage: ({ caller }) => computeStorageUsage(ctx.db, caller, ctx.files),
    getLiveMedia: ({ caller, query }) => lists.getLiveMedia(ctx, caller, query.activityId),
    updateLiveMedia: ({ caller, query, body }) => lists.updateLiveMedia(ctx, caller, query.activityId, body.lists),
    getGlobalMedia: ({ caller }) => lists.getGlobalMedia(ctx, caller),
    updateGlobalMedia: ({ caller, body }) => lists.updateGlobalMedia(ctx, caller, body.items),
    getDefaultMedia: ({ caller }) => lists.getDefaultMedia(ctx, caller),
    updateDefaultMedia: ({ caller, body }) => lists.updateDefaultMedia(ctx, caller, body.lists),
    getPlaylist: ({ caller, params }) => lists.getPlaylist(ctx, caller, params.id),
    updatePlaylist: ({ caller, params, body }) => lists.updatePlaylist(ctx, caller, params.id, body),
  });
  return jobs;
}
