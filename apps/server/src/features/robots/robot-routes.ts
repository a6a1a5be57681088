import { ROBOT_AVATAR_COUNT, robotCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { ROBOT_TEMPLATES, randomRobotProfiles, robotAvatarUrl } from './robot-names.ts';
import * as robots from './robot-service.ts';
import * as audience from './virtual-audience-service.ts';

const AVATARS = Array.from({ length: ROBOT_AVATAR_COUNT }, (_, i) => ({ url: robotAvatarUrl(i + 1) }));

export function registerRobotRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, robotCalls, {
    getVirtualAudience: ({ caller, params }) => audience.getVirtualAudience(ctx.db, caller, params.id),
    setVirtualAudience: ({ caller, params, body }) => audience.setVirtualAudience(ctx, caller, params.id, body),
    listRobotTemplates: () => ({ items: [...ROBOT_TEMPLATES] }),
    listRobotAvatars: () => ({ items: AVATARS }),
    randomRobots: ({ query }) => ({ items: randomRobotProfiles(query.template, query.count) }),
    listRobots: ({ caller, query }) => robots.listRobots(ctx.db, caller, query),
    createRobots: ({ caller, body }) => robots.createRobots(ctx.db, caller, body),
    deleteRobots: ({ caller, body }) => robots.deleteRobots(ctx.db, caller, body),
  });
}
