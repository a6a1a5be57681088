import { meetingCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as meetings from './meeting-service.ts';
import { registerMeetingSocket } from './meeting-socket.ts';

export function registerMeetingRoutes(server: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  registerCalls(server, meetingCalls, {
    joinMeeting: ({ caller, params, body }) => meetings.joinMeeting(ctx, caller, params.id, body),
    endMeeting: ({ caller, params }) => meetings.endMeeting(ctx, caller, params.id),
    getMeetingDetails: ({ caller, params, query }) => meetings.getMeetingDetails(db, caller, params.id, query),
    // The join link's room: the link's token is the credential (checked by the service), so the answer is not kept.
    getMeetingRoom: {
      options: { bodyLimit: 8 * 1024 },
      handler: ({ params, body, reply }) => {
        reply.header('cache-control', 'no-store');
        return meetings.getMeetingRoom(ctx, params.id, body.token);
      },
    },
  });
  registerMeetingSocket(server, ctx);
}
