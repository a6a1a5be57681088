import type { z } from 'zod';

// One entry per API call (STYLE.md rule 1): the method, the path, the schemas of what goes in and comes out, and who
// may call it. The server registers its handler from the entry (validation, serialisation, OpenAPI, access), and the
// console and watch page call it through their typed client, which infers every input and the answer from the same
// entry: a wrong path, method or shape fails the type check instead of a request.

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: `public` needs no session (sign-in, watch page, notifications); `signedIn` is any session, an agent's
 * or a sub-account's (each id it carries is still checked against the caller's agent, ARCHITECTURE.md); `mainAccount`
 * refuses sub-accounts with 403 (seed 001 §6: changes to the account itself belong to the main account).
 */
export type CallAccess = 'public' | 'signedIn' | 'mainAccount';

export interface CallDef {
  method: CallMethod;
  /** Fastify's form, after the /api prefix: `/agent/:id/promotion-channel`. */
  path: string;
  /** What the call is for, in a line: the OpenAPI summary. */
  summary: string;
  access: CallAccess;
  /** An object schema whose keys are exactly the path's `:names`. */
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer with status 200. A file download's is its text (`z.string()`), sent as `produces`. */
  response: z.ZodType;
  /**
   * The content type of an answer that is not JSON: a CSV export, or an event stream the handler writes itself
   * (its response schema is then `z.never()`).
   */
  produces?: 'text/csv' | 'text/plain' | 'text/event-stream';
  /**
   * A file the browser opens as a plain link and streams to disk (seed 001 §7 "Downloads"): the caller may prove
   * itself with the export token `et` (POST /ephemeral-token) in the query instead of the bearer header. Only such
   * calls accept it.
   */
  download?: true;
}

export type Call<D extends CallDef = CallDef> = D & {
  /** The entry's key: the OpenAPI operationId and the server's handler name. */
  readonly name: string;
  /** The area the call belongs to (the contracts module, server feature and console feature of the same name). */
  readonly area: string;
};

/**
 * The entries of one area, each stamped with its name and area. Marked free of side effects so a bundle drops the
 * entries it never calls: the watch page reaches activities.ts for a schema and keeps none of its calls.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineCalls<const T extends Record<string, CallDef>>(
  area: string,
  calls: T,
): { [K in keyof T]: Call<T[K]> } {
  const out: Record<string, Call> = {};
  for (const [name, def] of Object.entries(calls)) out[name] = { ...def, name, area };
  return out as { [K in keyof T]: Call<T[K]> };
}

type Part<D, K extends 'params' | 'query' | 'body'> = D extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

/** What the client sends for a part: the schema's input (defaults may be left out). */
export type CallInput<D extends CallDef, K extends 'params' | 'query' | 'body'> =
  Part<D, K> extends z.ZodType ? z.input<Part<D, K>> : undefined;

/** What the server's handler receives for a part: the schema's output (coerced, defaulted, trimmed). */
export type CallParsed<D extends CallDef, K extends 'params' | 'query' | 'body'> =
  Part<D, K> extends z.ZodType ? z.output<Part<D, K>> : undefined;

/** The answer as the client receives it. */
export type CallResponse<D extends CallDef> = z.output<D['response']>;
/** The answer as the handler returns it (before serialisation). */
export type CallReturn<D extends CallDef> = z.input<D['response']>;

// A part the entry lacks, or an object whose every key is optional (it accepts the empty object).
// biome-ignore lint/complexity/noBannedTypes: the empty object type is the point of the test
type Optional<T> = [T] extends [undefined] ? true : {} extends T ? true : false;
type Arg<K extends string, T> = T extends undefined
  ? { [P in K]?: never }
  : Optional<T> extends true
    ? { [P in K]?: T }
    : { [P in K]: T };

/** The client's argument: `params`, `query` and `body` as the entry has them, required unless all optional. */
export type CallArgs<D extends CallDef> = Arg<'params', CallInput<D, 'params'>> &
  Arg<'query', CallInput<D, 'query'>> &
  Arg<'body', CallInput<D, 'body'>>;

/** Whether the client's argument may be left out entirely. */
export type CallArgsOptional<D extends CallDef> =
  Optional<CallInput<D, 'params'>> extends true
    ? Optional<CallInput<D, 'body'>> extends true
      ? Optional<CallInput<D, 'query'>> extends true
        ? true
        : false
      : false
    : false;

const PATH_PARAM = /:([A-Za-z0-9_]+)/g;

/** The `:names` of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PATH_PARAM)].map((match) => match[1] as string);
}

/** The path with its `:names` filled in from params, each value URL-encoded. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(PATH_PARAM, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
