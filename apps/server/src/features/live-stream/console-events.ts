import { ERROR_CODES } from '@yanbo/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { tooManyRequests, unauthorized } from '../../platform/errors.ts';
import { agentChannel, type RealtimeEvent } from '../../platform/realtime/hub.ts';
import { openEventStream } from '../../platform/realtime/sse.ts';
import { onSessionsEnded, sessionIsLive } from '../../platform/sessions.ts';
import { verifyToken } from '../../platform/signed-token.ts';
import { MESSAGE_TOKEN_PURPOSE } from '../meta/index.ts';

/** A console has one stream per open tab: more than this per session, or in all, is not a console. */
const STREAMS_PER_SESSION = 10;
const STREAMS_TOTAL = 5_000;

/**
 * The console's live updates (isPushing, online counts) as server-sent events. EventSource cannot send headers, so the
 * caller proves itself with its short-lived message token (POST /ephemeral-token) in the query. The token names its
 * session: a token of a session that ended is refused, and an open stream closes when its session ends (issue 8).
 */
export async function openConsoleEvents(
  ctx: AppContext,
  token: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const caller = verifyToken<{ agentId: number; subagentId: number | null; sessionId?: number }>(
    ctx.secretKey,
    MESSAGE_TOKEN_PURPOSE,
    token,
  );
  if (!caller || typeof caller.sessionId !== 'number') throw unauthorized();
  const sessionId = caller.sessionId;
  if (!(await sessionIsLive(ctx.db, sessionId))) throw unauthorized();
  const release = await ctx.limits.acquire(`console-stream:session:${sessionId}`, STREAMS_PER_SESSION);
  const releaseTotal = release && (await ctx.limits.acquire('console-stream:total', STREAMS_TOTAL));
  if (!release || !releaseTotal) {
    release?.();
    throw tooManyRequests('Too many open event streams', ERROR_CODES.rateLimited);
  }
  // The stream ends with its session: at once when it ends here, within a heartbeat when it ends elsewhere. The
  // browser's retry then presents the dead token and is refused, so it does not come back.
  const checkSession = () => {
    sessionIsLive(ctx.db, sessionId)
      .then((live) => {
        if (!live) stream.end();
      })
      .catch((error) => request.log.warn(`console stream session check: ${error}`));
  };
  const stream = openEventStream(reply, { retryMs: 2000, onHeartbeat: checkSession });
  stream.onClose(() => {
    release();
    releaseTotal();
  });
  stream.onClose(
    ctx.realtime.subscribe(agentChannel(caller.agentId), (event: RealtimeEvent) => {
      // A sub-account hears only about its own activities.
      if (caller.subagentId !== null && event.subagentId !== caller.subagentId) return;
      stream.send(event.type, event);
    }),
  );
  stream.onClose(onSessionsEnded(checkSession));
  return reply;
}
