import type { Call, CallDef, CallParsed, CallReturn } from '@yanbo/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Caller, callerOf } from './auth.ts';
import { mainAccountOnly } from './tenancy.ts';

// The server's side of the contract entries (packages/contracts/src/call.ts): each area registers one handler per
// entry, and everything else about the route — method, path, validation, serialisation, the OpenAPI operation, the
// session rule — comes from the entry. A handler parses nothing and checks no session: it gets them done.

/** A JSON body on a call anyone may make is small: sign-in, SMS and watch forms (issue 8: bounded parsers). */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

export interface CallContext<D extends CallDef> {
  params: CallParsed<D, 'params'>;
  query: CallParsed<D, 'query'>;
  body: CallParsed<D, 'body'>;
  /** The signed-in caller; null on a public call without a session. */
  caller: D['access'] extends 'public' ? Caller | null : Caller;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A handler returns the answer (validated and serialised by the entry's response schema); one that answers itself
 * (a file, a redirect, a 304) returns the reply it sent.
 */
export type CallHandler<D extends CallDef> = (
  context: CallContext<D>,
) => Promise<CallReturn<D> | FastifyReply> | CallReturn<D> | FastifyReply;

/** A handler alone, or with route options the entry does not carry (a body limit, an upload's content parser). */
export type CallRegistration<D extends CallDef> =
  | CallHandler<D>
  | { handler: CallHandler<D>; options: Omit<RouteShorthandOptions, 'schema'> };

export type CallHandlers<T extends Record<string, Call>> = { [K in keyof T]: CallRegistration<T[K]> };

/** Registers a handler for every entry of an area; the type refuses a missing or extra handler. */
export function registerCalls<const T extends Record<string, Call>>(
  server: FastifyInstance,
  calls: T,
  handlers: CallHandlers<T>,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  for (const [name, call] of Object.entries(calls) as [string, Call][]) {
    const registration = handlers[name] as CallRegistration<CallDef>;
    const handler = typeof registration === 'function' ? registration : registration.handler;
    const options = typeof registration === 'function' ? {} : registration.options;
    app.route({
      method: call.method,
      url: call.path,
      ...(call.access === 'public' && call.body ? { bodyLimit: PUBLIC_BODY_LIMIT } : {}),
      ...options,
      config: { ...options.config, auth: call.access !== 'public', download: call.download === true },
      schema: {
        operationId: call.name,
        tags: [call.area],
        summary: call.summary,
        ...(call.params ? { params: call.params } : {}),
        ...(call.query ? { querystring: call.query } : {}),
        ...(call.body ? { body: call.body } : {}),
        response: { 200: call.response },
        ...(call.produces ? { produces: [call.produces] } : {}),
      },
      // Who may call is settled before the input is looked at: a sub-account is refused a main-account call
      // whatever it sent.
      ...(call.access === 'mainAccount'
        ? { preValidation: async (request: FastifyRequest) => mainAccountOnly(callerOf(request)) }
        : {}),
      handler: async (request, reply) => {
        const caller = request.caller ?? null;
        if (call.access !== 'public') callerOf(request);
        if (call.produces && call.produces !== 'text/event-stream') reply.type(`${call.produces}; charset=utf-8`);
        return handler({
          params: request.params,
          query: request.query,
          body: request.body,
          caller,
          request,
          reply,
        } as CallContext<CallDef>);
      },
    });
  }
}
