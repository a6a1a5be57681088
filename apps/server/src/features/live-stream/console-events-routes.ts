import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { unauthorized } from '../../platform/errors.ts';
import { agentChannel, type RealtimeEvent } from '../../platform/realtime/hub.ts';
import { verifyToken } from '../../platform/signed-token.ts';
import { MESSAGE_TOKEN_PURPOSE } from '../meta/meta-service.ts';

const HEARTBEAT_MS = 15_000;

/**
 * The console's live updates (isPushing, online counts) as server-sent events. EventSource cannot send headers, so the
 * caller proves itself with its short-lived message token (POST /ephemeral-token) in the query.
 */
export function registerConsoleEventRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/realtime/console',
    {
      config: { auth: false },
      schema: { tags: ['live-stream'], querystring: z.object({ token: z.string().min(1) }) },
    },
    async (request, reply) => {
      const { token } = request.query as { token: string };
      const caller = verifyToken<{ agentId: number; subagentId: number | null }>(
        ctx.secretKey,
        MESSAGE_TOKEN_PURPOSE,
        token,
      );
      if (!caller) throw unauthorized();
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 2000\n\n');
      const send = (event: RealtimeEvent) => {
        // A sub-account hears only about its own activities.
        if (caller.subagentId !== null && event.subagentId !== caller.subagentId) return;
        res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      };
      const unsubscribe = ctx.realtime.subscribe(agentChannel(caller.agentId), send);
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      request.raw.once('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
    },
  );
}
