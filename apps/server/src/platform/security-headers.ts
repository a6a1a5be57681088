import fastifyHelmet from '@fastify/helmet';
import { API_PREFIX, WATCH_PATH } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';

// Security headers (issue 8): one content security policy for the console and the watch page, nosniff, a referrer
// policy, and framing refused everywhere but the watch page. Both pages are Vite builds: their scripts are files of
// this origin (no inline script; the watch page also WeChat's JS-SDK), antd writes its styles at run time (CSS-in-JS, so style-src needs 'unsafe-inline'),
// the players read HTTP-FLV with fetch into MSE (blob: media) or play HLS in the video element from the pull domain,
// and pictures are uploads of this origin or addresses an agent typed into a page (https).

/**
 * WeChat's JS-SDK (jweixin), which the watch page loads inside WeChat's browser to set its share card: the one script
 * from elsewhere, and only on the watch page.
 */
export const WECHAT_JSSDK_ORIGIN = 'https://res.wx.qq.com';

/** The origins the players read from: the pull domain, which may be another host than the one the page came from. */
function pullOrigins(pullDomain: string): string[] {
  return pullDomain ? [`http://${pullDomain}`, `https://${pullDomain}`] : [];
}

/**
 * fileOrigins: where stored files are read and uploaded straight to when they are in a bucket (its address, a CDN's);
 * the console posts uploads there and pages show pictures and play media from there.
 */
export function contentSecurityPolicy(
  pullDomain: string,
  frameAncestors: string[],
  scripts: string[] = [],
  fileOrigins: string[] = [],
) {
  const pull = pullOrigins(pullDomain);
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...scripts],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...pull, ...fileOrigins],
      mediaSrc: ["'self'", 'blob:', ...pull, ...fileOrigins],
      connectSrc: ["'self'", ...pull, ...fileOrigins],
      workerSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors,
    },
  };
}

/**
 * Registers the headers for every answer. The watch page (/watch/{id}) may be embedded in any page: organisers put
 * the live player into their own sites, and the seeds have no per-agent list of allowed embedders. The console, the
 * API and everything else may not be framed. The API documentation viewer (/api/docs) keeps its own policy: its page
 * runs the swagger-ui bundle, which the policy above would refuse.
 */
export async function registerSecurityHeaders(app: FastifyInstance, pullDomain: string, fileOrigins: string[] = []) {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: contentSecurityPolicy(pullDomain, ["'none'"], [], fileOrigins),
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Cross-origin isolation headers would stop the watch page's embeds and the players' cross-origin reads.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    // HTTPS is the deployment's choice (a proxy in front); this process serves plain HTTP.
    strictTransportSecurity: false,
  });
  const embeddable = contentSecurityPolicy(pullDomain, ['*'], [WECHAT_JSSDK_ORIGIN], fileOrigins);
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    if (url.startsWith(`${WATCH_PATH}/`) && !url.startsWith(`${WATCH_PATH}/assets/`)) {
      await reply.helmet({ contentSecurityPolicy: embeddable, frameguard: false });
      reply.raw.removeHeader('x-frame-options');
    } else if (url === `${API_PREFIX}/docs` || url.startsWith(`${API_PREFIX}/docs/`)) {
      reply.raw.removeHeader('content-security-policy');
    }
  });
}
