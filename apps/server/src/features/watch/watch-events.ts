import { ERROR_CODES } from '@yanbo/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { tooManyRequests } from '../../platform/errors.ts';
import { acquireAll } from '../../platform/rate-limit.ts';
import { activityChannel, type RealtimeEvent } from '../../platform/realtime/hub.ts';
import { openEventStream } from '../../platform/realtime/sse.ts';
import * as watch from './watch-service.ts';

/**
 * Open event streams (issue 8: one client held 1,100): a viewer has one per open page. An office watching its own
 * event from behind one address is many viewers, so an address holds at most STREAMS_PER_IP_PER_ACTIVITY on one
 * activity and STREAMS_PER_IP in all, and the process at most STREAMS_TOTAL; past a cap the stream is answered 429
 * (the page then plays on without following the push live).
 */
const STREAMS_PER_IP_PER_ACTIVITY = 50;
const STREAMS_PER_IP = 100;
const STREAMS_TOTAL = 20_000;

/** The page follows isPushing live on its activity's own channel (never the agent's: issue 15, one wake-up per event). */
export async function followPushing(
  ctx: AppContext,
  activityId: number,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const activity = await watch.publicActivity(ctx.db, activityId);
  const release = await acquireAll(ctx.limits, [
    { key: `watch-stream:ip-activity:${request.ip}:${activity.id}`, max: STREAMS_PER_IP_PER_ACTIVITY },
    { key: `watch-stream:ip:${request.ip}`, max: STREAMS_PER_IP },
    { key: 'watch-stream:total', max: STREAMS_TOTAL },
  ]);
  if (!release) throw tooManyRequests('Too many open event streams', ERROR_CODES.rateLimited);
  // Cleanup is in place before anything is awaited, so a viewer gone meanwhile gives its place back.
  const stream = openEventStream(reply, { retryMs: 3000 });
  stream.onClose(release);
  if (stream.closed) return reply;
  const send = (isPushing: boolean) => stream.send('pushing', { isPushing });
  stream.onClose(
    ctx.realtime.subscribe(activityChannel(activity.id), (event: RealtimeEvent) => {
      if (event.type === 'activity.pushing') send(Boolean(event.isPushing));
    }),
  );
  // Read once more after subscribing, so a push that changed in between is not missed.
  const now = await watch.isPushing(ctx.db, activity.id);
  if (stream.closed) return reply;
  send(now);
  return reply;
}
