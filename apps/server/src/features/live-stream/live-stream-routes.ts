import { liveStreamCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { openConsoleEvents } from './console-events.ts';
import { listIngest } from './ingest-list.ts';
import {
  answerMediaReport,
  answerMediaServerHook,
  answerMediaServerUpdate,
  mediaReportRouteOptions,
} from './ingest-webhooks.ts';
import { listStreamJobs, setLiveMode, stopStreamJob } from './stream-jobs.ts';
import { getLiveTranscode, updateLiveTranscode } from './transcode.ts';

export function registerLiveStreamRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, liveStreamCalls, {
    listIngest: ({ caller, params }) => listIngest(ctx, caller, params.id),
    setLiveMode: ({ caller, params, body }) => setLiveMode(ctx, caller, params.id, body),
    getLiveTranscode: ({ caller, params }) => getLiveTranscode(ctx, caller, params.id),
    setLiveTranscode: ({ caller, params, body }) => updateLiveTranscode(ctx, caller, params.id, body.enabled),
    listStreamJobs: ({ caller, params }) => listStreamJobs(ctx, caller, params.id),
    stopStreamJob: ({ caller, params }) => stopStreamJob(ctx, caller, params.id, params.jobId),
    openConsoleEvents: ({ query, request, reply }) => openConsoleEvents(ctx, query.token, request, reply),
    mediaServerPublish: ({ request, reply }) => answerMediaServerHook(ctx, request.body, reply),
    mediaServerPublishDone: ({ request, reply }) => answerMediaServerHook(ctx, request.body, reply),
    mediaServerUnpublish: ({ request, reply }) => answerMediaServerHook(ctx, request.body, reply),
    mediaServerUpdate: ({ request, reply }) => answerMediaServerUpdate(ctx, request.body, reply),
    mediaProcessReport: {
      handler: ({ body }) => answerMediaReport(ctx, body),
      options: mediaReportRouteOptions(ctx),
    },
  });
}
