import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { mediaServerReply, parseMediaServerCallback } from '../../platform/ingest/index.ts';
import { authorizePublish, setPushing } from './publish-auth.ts';
import { markPushSeen } from './push-liveness.ts';

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
  return send(reply, true);
}

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
