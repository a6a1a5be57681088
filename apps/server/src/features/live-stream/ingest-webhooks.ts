import { ERROR_CODES } from '@yanbo/contracts';
import {
  MEDIA_REPORT_CLOCK_SKEW_MS,
  MEDIA_REPORT_MAX_BYTES,
  MEDIA_SIGNATURE_HEADER,
  type MediaReport,
} from '@yanbo/contracts/media-report';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { invalidField, tooManyRequests, unauthorized } from '../../platform/errors.ts';
import { mediaServerReply, parseMediaServerCallback } from '../../platform/ingest/index.ts';
import { mediaBodySigned } from '../../platform/ingest/media-signature.ts';
import { applyMediaReport } from './media-reports.ts';
import { authorizePublish, setPushing } from './publish-auth.ts';
import { markPushSeen } from './push-liveness.ts';
import { syncStreamTranscode } from './transcode.ts';

// Webhooks for an external media server (nginx-rtmp's on_publish / on_publish_done, SRS's on_publish /
// on_unpublish): the same key check and isPushing as the embedded ingest. A refused publish answers 403.

function send(reply: FastifyReply, allowed: boolean) {
  const answer = mediaServerReply(allowed);
  return reply.status(answer.statusCode).send(answer.body);
}

/** A push starts or ends: on_publish, on_publish_done, on_unpublish (form fields or JSON, as each server sends). */
export async function answerMediaServerHook(ctx: AppContext, body: unknown, reply: FastifyReply) {
  const event = parseMediaServerCallback(body);
  if (!event) return send(reply, false);
  const target = await authorizePublish(ctx, event.app, event.stream, event.query.key ?? '');
  if (!target) return send(reply, false);
  await setPushing(ctx, event.app, event.stream, event.action === 'publish', (line) => reply.log.warn(line));
  // A media process's publish (its clientid is its report's source) is seen now: should the process die before its
  // first report lists the push, nothing would end it but the rule for silent pushes (push-liveness.ts), which ends only
  // pushes seen once. nginx-rtmp's clientid is a number, and its pushes are seen by its own updates.
  if (event.action === 'publish' && MEDIA_PROCESS_CLIENT.test(event.clientId ?? '')) {
    await markPushSeen(ctx.db, target.activityId);
  }
  return send(reply, true);
}

/** The clientid a media process (npm run media) sends its webhooks with: its source name (media-reporter.ts). */
const MEDIA_PROCESS_CLIENT = /^media-/;

/**
 * nginx-rtmp's on_update (call=update_publish every notify_update_timeout, with the publish arguments): the push is
 * still live, so it is marked seen (push-liveness.ts). A wrong key answers as on_publish does, and nginx drops it.
 */
export async function answerMediaServerUpdate(ctx: AppContext, raw: unknown, reply: FastifyReply) {
  const body = raw as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || body.call !== 'update_publish') return reply.status(200).send('');
  const event = parseMediaServerCallback({ ...body, call: 'publish' });
  const target = event && (await authorizePublish(ctx, event.app, event.stream, event.query.key ?? ''));
  if (!target) return send(reply, false);
  // A push ended as silent whose media server speaks again is live after all.
  await setPushing(ctx, event.app, event.stream, true, (line) => reply.log.warn(line));
  await markPushSeen(ctx.db, target.activityId);
  return send(reply, true);
}

/** Reports one media process may make per window: its interval's worth and room for every push starting and ending. */
const REPORTS_PER_WINDOW = 120;
const REPORT_WINDOW_MS = 60_000;

/**
 * Before the report is validated: it must carry the signature of its JSON under the deployment's secret (a media
 * process started with the same SECRET_KEY), else 401 and nothing changes. The body is as parsed, before the schema
 * strips or coerces anything, and the route reads at most MEDIA_REPORT_MAX_BYTES of it.
 */
export function mediaReportRouteOptions(ctx: Pick<AppContext, 'secretKey'>) {
  return {
    bodyLimit: MEDIA_REPORT_MAX_BYTES,
    preValidation: async (request: FastifyRequest) => {
      const signed = mediaBodySigned(
        ctx.secretKey,
        JSON.stringify(request.body ?? null),
        request.headers[MEDIA_SIGNATURE_HEADER],
      );
      if (!signed) throw unauthorized();
    },
  };
}

/**
 * POST /ingest/hooks/on_report: a media process's streams, viewers and health (media-reports.ts). A report whose
 * clock is far from this one's is refused as a replay would be; a report older than the last one applied changes
 * nothing; a source reporting far more often than it says it does is refused for a while.
 */
export async function answerMediaReport(ctx: AppContext, report: MediaReport) {
  if (Math.abs(report.sentAt - Date.now()) > MEDIA_REPORT_CLOCK_SKEW_MS) {
    throw invalidField('sentAt', 'Report time is too far from the server clock');
  }
  const window = await ctx.limits.hit(`media-report:${report.source}`, REPORT_WINDOW_MS);
  if (window.count > REPORTS_PER_WINDOW) {
    throw tooManyRequests('Too many reports', ERROR_CODES.rateLimited, Math.ceil((window.resetAt - Date.now()) / 1000));
  }
  await applyMediaReport(ctx, report, {
    pushes: true,
    pushChanged: (app, stream) => syncStreamTranscode(ctx, app, stream),
  });
  return mediaServerReply(true).body;
}
