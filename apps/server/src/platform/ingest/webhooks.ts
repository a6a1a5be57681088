/**
 * Callbacks from an external media server, normalised so that the same publish / unpublish handling (key check,
 * isPushing) serves the embedded RTMP server, nginx-rtmp and SRS.
 *
 * nginx-rtmp (`on_publish`, `on_publish_done`, form-encoded): call=publish|publish_done, app, name, addr, clientid,
 * tcurl, plus the publish URL's query arguments as fields of their own (key=...). Any 2xx allows, anything else denies.
 *
 * SRS (`on_publish`, `on_unpublish`, JSON): action=on_publish|on_unpublish, app, stream, param ("?key=..."), ip,
 * client_id, tcUrl. HTTP 200 with code 0 allows.
 */

export interface MediaServerEvent {
  action: 'publish' | 'unpublish';
  app: string;
  stream: string;
  /** Query parameters of the publish (the stream key is `query.key`). */
  query: Record<string, string>;
  clientId: string | null;
  remoteAddress: string | null;
  source: 'nginx-rtmp' | 'srs' | 'generic';
}

const NGINX_FIELDS = new Set([
  'call',
  'app',
  'name',
  'addr',
  'clientid',
  'flashver',
  'swfurl',
  'tcurl',
  'pageurl',
  'type',
  'epoch',
]);

function str(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return null;
}

function parseParams(params: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(params)) result[k] = v;
  return result;
}

/** The query of a URL or name ("rtmp://h/live?key=k", "stream?key=k"); nothing when it has no "?". */
function queryOf(value: string | null): Record<string, string> {
  if (!value) return {};
  const at = value.indexOf('?');
  return at < 0 ? {} : parseParams(value.slice(at + 1));
}

/** SRS's param: "?key=k", sometimes without the "?". */
function paramsOf(value: string | null): Record<string, string> {
  if (!value) return {};
  return parseParams(value.startsWith('?') ? value.slice(1) : value);
}

function stripQuery(value: string): [string, Record<string, string>] {
  const at = value.indexOf('?');
  return at < 0 ? [value, {}] : [value.slice(0, at), queryOf(value.slice(at))];
}

/**
 * Reads a media server callback body (already parsed from JSON or a form). Returns null for events other than
 * publish / unpublish (play, connect, dvr, ...) or when app or stream is missing.
 */
export function parseMediaServerCallback(body: unknown): MediaServerEvent | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;

  const srsAction = str(b.action);
  if (srsAction) {
    const action = srsAction === 'on_publish' ? 'publish' : srsAction === 'on_unpublish' ? 'unpublish' : null;
    const rawApp = str(b.app);
    const rawStream = str(b.stream);
    if (!action || !rawApp || !rawStream) return null;
    const [app, appQuery] = stripQuery(rawApp);
    const [stream, streamQuery] = stripQuery(rawStream);
    return {
      action,
      app,
      stream,
      query: { ...queryOf(str(b.tcUrl)), ...appQuery, ...paramsOf(str(b.param)), ...streamQuery },
      clientId: str(b.client_id),
      remoteAddress: str(b.ip),
      source: 'srs',
    };
  }

  const call = str(b.call);
  if (call) {
    const action = call === 'publish' ? 'publish' : call === 'publish_done' ? 'unpublish' : null;
    const rawApp = str(b.app);
    const rawName = str(b.name);
    if (!action || !rawApp || !rawName) return null;
    const [app, appQuery] = stripQuery(rawApp);
    const [stream, nameQuery] = stripQuery(rawName);
    const extra: Record<string, string> = {};
    for (const [key, value] of Object.entries(b)) {
      const v = str(value);
      if (!NGINX_FIELDS.has(key) && v !== null) extra[key] = v;
    }
    return {
      action,
      app,
      stream,
      query: { ...queryOf(str(b.tcurl)), ...appQuery, ...extra, ...nameQuery },
      clientId: str(b.clientid),
      remoteAddress: str(b.addr),
      source: 'nginx-rtmp',
    };
  }

  // Generic: { event|type: publish|unpublish, app, stream, key? }
  const generic = str(b.event) ?? str(b.type);
  const action = generic === 'publish' ? 'publish' : generic === 'unpublish' ? 'unpublish' : null;
  const rawApp = str(b.app);
  const rawStream = str(b.stream);
  if (!action || !rawApp || !rawStream) return null;
  const [stream, streamQuery] = stripQuery(rawStream);
  const key = str(b.key);
  return {
    action,
    app: rawApp,
    stream,
    query: { ...streamQuery, ...(key ? { key } : {}) },
    clientId: null,
    remoteAddress: null,
    source: 'generic',
  };
}

/**
 * The answer both nginx-rtmp and SRS understand: 200 with `{"code":0}` allows; 403 with a non-zero code denies.
 */
export function mediaServerReply(allowed: boolean): { statusCode: number; body: { code: number; message: string } } {
  return allowed
    ? { statusCode: 200, body: { code: 0, message: 'ok' } }
    : { statusCode: 403, body: { code: 403, message: 'Forbidden' } };
}
