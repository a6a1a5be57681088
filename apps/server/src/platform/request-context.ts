import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { addressMatcher } from './connection-cap.ts';

// Every request has an id (issue 15, "structured JSON logs with request ids carried to the database and the hub"):
// the response's X-Request-Id header, the reqId of its log lines, and, through an AsyncLocalStorage entered when the
// request starts, the reqId of the lines written on its behalf by code that has no request at hand (slow queries,
// task creation, the realtime hub) and a comment heading each SQL statement it runs. A proxy's X-Request-Id is kept
// only when TRUST_PROXY names the proxy the request came through; otherwise anyone could choose the id its lines are
// filed under.

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a kept id may look like: short and plain, so it can go into a log line and an SQL comment as it is. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,64}$/;

const storage = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request this code runs for, or undefined outside any request (start-up, timers, the task worker). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs fn (and everything it starts) as the work of the request with this id. */
export function runForRequest<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

export const newRequestId = () => randomBytes(9).toString('base64url');

/**
 * Fastify's genReqId: the trusted proxy's X-Request-Id when it is a plain one, else a new id. trustProxy is the
 * TRUST_PROXY list; the request's own connection must come from one of them.
 */
export function requestIdGenerator(trustProxy: string[]): (request: IncomingMessage) => string {
  const trusted = addressMatcher(trustProxy);
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (
      typeof given === 'string' &&
      ACCEPTED_ID.test(given) &&
      trustProxy.length > 0 &&
      trusted(request.socket?.remoteAddress ?? '')
    ) {
      return given;
    }
    return newRequestId();
  };
}
