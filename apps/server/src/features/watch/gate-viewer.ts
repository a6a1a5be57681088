import { VIEWER_MOBILE_COOKIE, WATCH_TOKEN_HEADER } from '@yanbo/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { cookieValue } from '../../platform/cookies.ts';
import { viewerIdOf } from './viewer-cookie.ts';
import type { GateViewer } from './watch-service.ts';

/** What a request brings to an activity's gates: the watch code's token header, the SMS sign-in cookie, the browser. */
export function gateViewerOf(ctx: AppContext, request: FastifyRequest): GateViewer {
  const token = request.headers[WATCH_TOKEN_HEADER];
  return {
    viewerToken: typeof token === 'string' ? token : undefined,
    mobileCookie: cookieValue(request.headers.cookie, VIEWER_MOBILE_COOKIE),
    browserId: viewerIdOf(ctx, request),
  };
}
