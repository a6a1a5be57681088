import {
  API_PREFIX,
  type Call,
  type CallArgs,
  type CallArgsOptional,
  type CallDef,
  type CallResponse,
  DISABLED_AGENT_STATUS_TEXT,
  ERROR_MESSAGES,
  fillPath,
  IDEMPOTENCY_HEADER,
  REQUEST_TIMEOUT_MS,
} from '@yanbo/contracts';
import { errorTexts, PATTERN_TEXT, STATUS_TEXT } from '../locales/zh-CN/errors';
import { feedback } from './feedback';
import { clearManageToken, getManageToken } from './manage-token';

// The one HTTP client (seed 000 §7, §8): /api prefix, bearer manage token, JSON, 30 s timeout, empty query values
// dropped, `redirect` in an answer navigates, and the error catalogue turned into one Chinese text per failure.

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Don't apply the global 401 redirect (login forms answer 401 for wrong credentials). */
  noAuthRedirect?: boolean;
  /** The Idempotency-Key of a POST; by default one per body object (see idempotencyKeyFor). */
  idempotencyKey?: string;
}

/**
 * A new Idempotency-Key: 128 random bits. Not crypto.randomUUID, which browsers give only to secure contexts, and the
 * console is opened over plain http on a LAN address too.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const keysByBody = new WeakMap<object, string>();
/**
 * Every POST carries an Idempotency-Key, so the server answers a repeat with its first answer (issue 8: two clicks
 * made two orders). A mutation retried with the same variables object sends the same key; a new attempt (a new
 * object) gets a fresh one.
 */
export function idempotencyKeyFor(body: unknown): string {
  if (body === null || typeof body !== 'object') return newIdempotencyKey();
  let key = keysByBody.get(body);
  if (!key) {
    key = newIdempotencyKey();
    keysByBody.set(body, key);
  }
  return key;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly field: string | undefined;
  readonly body: unknown;
  constructor(status: number, message: string, code?: string, field?: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.body = body;
  }
}

/** 0: the request timed out; -1: the network failed. */
export const TIMEOUT_STATUS = 0;
export const NETWORK_STATUS = -1;

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(to);
/** The router registers its navigate so redirects stay inside the single-page app. */
export function setNavigate(fn: Navigate) {
  navigate = fn;
}

/** Navigates from outside a component (after sign-out, from a mutation's callback). */
export function navigateTo(to: string) {
  navigate(to);
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === '' || value === null || value === undefined) continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  const full = path.startsWith(API_PREFIX) ? path : `${API_PREFIX}${path}`;
  return search ? `${full}?${search}` : full;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const token = getManageToken();
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (token && !headers.authorization) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method === 'POST') headers[IDEMPOTENCY_HEADER] = options.idempotencyKey ?? idempotencyKeyFor(options.body);

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timeout.signal.aborted) throw new ApiError(TIMEOUT_STATUS, errorTexts.timeout);
    throw new ApiError(NETWORK_STATUS, errorTexts.network);
  } finally {
    clearTimeout(timer);
  }

  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (response.status >= 400) {
    const body = (data && typeof data === 'object' ? data : {}) as { message?: string; code?: string; field?: string };
    const error = new ApiError(response.status, body.message ?? '', body.code, body.field, data);
    handleGlobalFailure(error, Boolean(token), options);
    throw error;
  }
  const redirect = data && typeof data === 'object' ? (data as { redirect?: unknown }).redirect : undefined;
  if (typeof redirect === 'string' && redirect) navigate(redirect);
  return data as T;
}

export type ApiOptions = Omit<RequestOptions, 'query' | 'body'>;
type ApiArgs<D extends CallDef> = CallArgs<D> & ApiOptions;

/**
 * The typed client: calls a contract entry, its params, query and body typed from the entry's schemas and its answer
 * typed as the entry's response (STYLE.md rule 1), so a wrong path, method or shape fails the type check.
 */
export async function api<D extends CallDef>(
  call: Call<D>,
  ...[args]: CallArgsOptional<D> extends true ? [args?: ApiArgs<D>] : [args: ApiArgs<D>]
): Promise<CallResponse<D>> {
  const { params, query, body, ...options } = (args ?? {}) as ApiArgs<CallDef> & {
    params?: Record<string, unknown>;
    query?: Query;
    body?: unknown;
  };
  return request<CallResponse<D>>(call.method, fillPath(call.path, params), { ...options, query, body });
}

/** The URL of a call, for what the browser opens itself (a download link, an event stream). */
export function apiUrl<D extends CallDef>(call: Call<D>, args: Pick<CallArgs<D>, 'params' | 'query'>): string {
  const { params, query } = args as { params?: Record<string, unknown>; query?: Query };
  return buildUrl(fillPath(call.path, params), query);
}

/** Where the user was, so /login can bring them back. */
export function currentReturnUrl(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export function loginPath(returnUrl?: string): string {
  return returnUrl && returnUrl !== '/' ? `/login?returnUrl=${encodeURIComponent(returnUrl)}` : '/login';
}

function handleGlobalFailure(error: ApiError, hadToken: boolean, options: RequestOptions) {
  // A disabled agent is logged out wherever the text shows up (seed 000 §4).
  if (error.message === DISABLED_AGENT_STATUS_TEXT) {
    clearManageToken();
    if (!window.location.pathname.startsWith('/login')) navigate('/login');
    return;
  }
  // 401 sends the user to /login, with a returnUrl when a token was held (seed 000 §8); wrong credentials don't.
  if (error.status === 401 && !options.noAuthRedirect && error.message !== ERROR_MESSAGES.wrongCredentials) {
    clearManageToken();
    if (!window.location.pathname.startsWith('/login')) navigate(loginPath(hadToken ? currentReturnUrl() : undefined));
  }
}

let catalogue: Promise<Record<string, { 'zh-CN': string }>> | null = null;
/** The remote error-code catalogue, fetched once when an error carrying a code first needs it. */
function errorCatalogue() {
  catalogue ??= fetch(`${API_PREFIX}/error-codes`)
    .then((response) => (response.ok ? response.json() : {}))
    .catch(() => {
      catalogue = null;
      return {};
    });
  return catalogue;
}

/** The text shown for a failure: known status text, else the code's catalogue text, else status + message, else 服务器异常. */
export async function errorText(error: unknown): Promise<string> {
  if (!(error instanceof ApiError)) return errorTexts.serverException;
  if (error.status === TIMEOUT_STATUS || error.status === NETWORK_STATUS) return error.message;
  const mapped = STATUS_TEXT[error.message];
  if (mapped) return mapped;
  for (const [pattern, text] of PATTERN_TEXT) {
    const match = pattern.exec(error.message);
    if (match) return text(match);
  }
  if (error.code) {
    const entry = (await errorCatalogue())[error.code];
    if (entry) return entry['zh-CN'];
  }
  if (error.message) return `${error.status} ${error.message}`;
  return errorTexts.serverException;
}

/** The default way a failure is shown: the Activity Not Found dialog, or a toast with errorText. */
export async function showError(error: unknown): Promise<void> {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.message === DISABLED_AGENT_STATUS_TEXT) return;
    if (error.status === 404 && error.message === ERROR_MESSAGES.activityNotFound) {
      feedback().modal.error({
        title: errorTexts.activityNotFoundTitle,
        content: errorTexts.activityNotFound,
        okText: errorTexts.confirm,
        onOk: () => navigate('/'),
      });
      return;
    }
  }
  feedback().message.error(await errorText(error));
}
