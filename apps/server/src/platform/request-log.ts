import type { FastifyRequest } from 'fastify';

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
