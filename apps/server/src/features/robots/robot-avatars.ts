import { ROBOT_AVATAR_COUNT, ROBOT_AVATAR_PATH } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';

// The product's robot avatars: simple head-and-shoulders pictures in 24 colours, drawn here as SVG so they need no
// files and stay sharp at any size. Served publicly (the watch page shows them to every viewer) and cached for a day.

const PALETTE = [
  ['#1677ff', '#e6f4ff'],
  ['#13c2c2', '#e6fffb'],
  ['#52c41a', '#f6ffed'],
  ['#fa8c16', '#fff7e6'],
  ['#eb2f96', '#fff0f6'],
  ['#722ed1', '#f9f0ff'],
  ['#faad14', '#fffbe6'],
  ['#2f54eb', '#f0f5ff'],
] as const;
const HAIR = ['#262626', '#5c3d2e', '#8c6239', '#434343'] as const;

function avatarSvg(n: number): string {
  const [accent, background] = PALETTE[(n - 1) % PALETTE.length] as readonly [string, string];
  const hair = HAIR[Math.floor((n - 1) / PALETTE.length) % HAIR.length] as string;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
<rect width="64" height="64" rx="32" fill="${background}"/>
<path d="M12 58c2-12 10-18 20-18s18 6 20 18" fill="${accent}"/>
<circle cx="32" cy="28" r="12" fill="#ffd8bf"/>
<path d="M20 27c0-9 5-14 12-14s12 5 12 14c-3-4-7-6-12-6s-9 2-12 6z" fill="${hair}"/>
</svg>`;
}

const AVATARS = new Map(Array.from({ length: ROBOT_AVATAR_COUNT }, (_, i) => [`${i + 1}.svg`, avatarSvg(i + 1)]));

export function registerRobotAvatars(app: FastifyInstance) {
  app.get(`${ROBOT_AVATAR_PATH}/:name`, { schema: { hide: true } }, async (request, reply) => {
    const svg = AVATARS.get((request.params as { name: string }).name);
    if (!svg) return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'Not Found' });
    return reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(svg);
  });
}
