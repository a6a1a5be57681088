import { ERROR_CODES, ERROR_MESSAGES, IDEMPOTENCY_HEADER } from '@yanbo/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sha256 } from './crypto.ts';
import type { Db } from './db/database.ts';
import { badRequest, conflict, HttpError } from './errors.ts';

// Idempotency-Key (issue 8: 提交订单 twice made orders 700001 and 700002 35 ms apart; 创建 twice showed 创建成功 and
// 活动名称已存在 together). Every POST of an authenticated caller that carries the header is done once per key: the
// first request runs and its answer (any status below 500) is kept for 24 hours; a repeat with the same key and the
// same request gets that answer again, a repeat while the first still runs waits for it, and the same key with a
// different request is refused. The rule applies to all POSTs rather than a hand-kept list of "create" routes, so a
// new create route is covered by being a POST; a request without the header is handled as before, and multipart
// uploads (a body streamed to storage, not kept to compare) are left out.

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** How long a repeat waits for the first request before it is refused with 409. */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;
/** A key still pending this long belongs to a request that died with its process: the next try may take it over. */
const ABANDONED_MS = 5 * 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface PendingKey {
  agentId: number;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: PendingKey | null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function replay(
  reply: FastifyReply,
  row: { responseStatus: number | null; responseType: string | null; responseBody: string | null },
) {
  return reply
    .code(row.responseStatus ?? 200)
    .header('idempotent-replayed', 'true')
    .type(row.responseType ?? 'application/json; charset=utf-8')
    .send(row.responseBody ?? '');
}

/** Registered after authentication: it needs the caller to scope keys to its agent. */
export function registerIdempotency(app: FastifyInstance, db: Db) {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || !request.caller) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? (header[0] ?? '') : header;
    if (!KEY_PATTERN.test(key)) {
      throw badRequest(
        `${IDEMPOTENCY_HEADER}: 1 to 255 visible ASCII characters`,
        ERROR_CODES.validation,
        'Idempotency-Key',
      );
    }
    if (request.isMultipart()) return;
    const { agentId, subagentId } = request.caller;
    const path = request.url;
    // The same request: the same caller (a sub-account is not its agent), path with query, and validated body.
    const requestHash = sha256(JSON.stringify([request.method, path, subagentId, request.body ?? null]));
    await db
      .deleteFrom('idempotencyKeys')
      .where('agentId', '=', agentId)
      .where('createdAt', '<', new Date(Date.now() - IDEMPOTENCY_TTL_MS))
      .execute();
    const started = Date.now();
    for (;;) {
      const taken = await db
        .insertInto('idempotencyKeys')
        .values({ agentId, key, method: request.method, path, requestHash })
        .onConflict((oc) => oc.columns(['agentId', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (taken) {
        request.idempotency = { agentId, key };
        return;
      }
      const first = await db
        .selectFrom('idempotencyKeys')
        .select(['requestHash', 'status', 'responseStatus', 'responseType', 'responseBody', 'createdAt'])
        .where('agentId', '=', agentId)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!first) continue;
      if (first.requestHash !== requestHash) {
        throw new HttpError(
          422,
          ERROR_MESSAGES.idempotencyKeyReused,
          ERROR_CODES.idempotencyKeyReused,
          'Idempotency-Key',
        );
      }
      if (first.status === 'done') return replay(reply, first);
      if (Date.now() - first.createdAt.getTime() > ABANDONED_MS) {
        await db
          .deleteFrom('idempotencyKeys')
          .where('agentId', '=', agentId)
          .where('key', '=', key)
          .where('status', '=', 'pending')
          .where('createdAt', '=', first.createdAt)
          .execute();
        continue;
      }
      if (Date.now() - started > WAIT_FOR_FIRST_MS) {
        throw conflict(ERROR_MESSAGES.idempotencyInProgress, ERROR_CODES.idempotencyInProgress, 'Idempotency-Key');
      }
      await sleep(POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = request.idempotency;
    if (!pending) return payload;
    request.idempotency = null;
    const where = db
      .updateTable('idempotencyKeys')
      .where('agentId', '=', pending.agentId)
      .where('key', '=', pending.key);
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      // A failure of ours is not an answer to keep: the same key may try again.
      await db
        .deleteFrom('idempotencyKeys')
        .where('agentId', '=', pending.agentId)
        .where('key', '=', pending.key)
        .execute();
      return payload;
    }
    await where
      .set({
        status: 'done',
        responseStatus: reply.statusCode,
        responseType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        responseBody: payload,
      })
      .execute();
    return payload;
  });

  // A request that ended without an answer (the client went away mid-way) frees its key.
  app.addHook('onResponse', async (request) => {
    const pending = request.idempotency;
    if (!pending) return;
    request.idempotency = null;
    await db
      .deleteFrom('idempotencyKeys')
      .where('agentId', '=', pending.agentId)
      .where('key', '=', pending.key)
      .where('status', '=', 'pending')
      .execute();
  });
}
