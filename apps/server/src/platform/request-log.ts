import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { currentRequestId, REQUEST_ID_HEADER, runForRequest } from './request-context.ts';

// No token in a log line (issue 8): message tokens, upload policies, login tickets and playback keys ride in query
// strings, and Fastify's request log writes the URL. Every query value is replaced, so a parameter added later is
// covered too; headers (the Authorization bearer, cookies) are never logged.

export const REDACTED = '[redacted]';

/** The URL with each query value replaced: the path and the parameter names stay for reading the log. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      return pair.includes('=') ? `${name}=${REDACTED}` : REDACTED;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

/** The request as the log shows it (Fastify's default fields, with the URL redacted). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

// The request id (request-context.ts) in the log: a request's own lines carry it as Fastify's reqId binding; a line
// written for the request by code that has only the app's logger (the realtime hub, the task queue, the slow query
// log) gets the same reqId from the request's async context through the logger's mixin. Lines of the request's own
// logger are marked, so they do not carry it twice.

const REQUEST_LOGGER = Symbol('request logger');

/** Fastify's childLoggerFactory: the request's logger, marked as already naming its request. */
export const requestChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  const child = logger.child(bindings, options);
  (child as unknown as Record<symbol, boolean>)[REQUEST_LOGGER] = true;
  return child;
};

/** pino's mixin: the reqId of the request whose work wrote the line, on lines of loggers that do not name it. */
export function requestIdMixin(_object: object, _level: number, logger: unknown): object {
  if ((logger as Record<symbol, boolean>)[REQUEST_LOGGER]) return {};
  const reqId = currentRequestId();
  return reqId ? { reqId } : {};
}

/**
 * Runs each request in its async context and answers its id in X-Request-Id. The first onRequest hook, so that every
 * later hook, the handler and whatever they start run inside it.
 */
export function registerRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    runForRequest(request.id, done);
  });
}
