import {
  activityManager,
  activityManagerUpdate,
  activityMenu,
  agentIdParams,
  idParams,
  invitation,
  invitationUpdate,
  liveTemplate,
  liveTemplateUpdate,
  liveTranscode,
  meetingDetails,
  meetingJoin,
  meetingJoinBody,
  meetingQuery,
  meetingRoom,
  meetingRoomBody,
  meetingSession,
  officialUser,
  shareCard,
  shareCardUpdate,
  smsRecordQuery,
  smsUsage,
  subscriberList,
  subscriberQuery,
  watchCode,
  watchCodeUpdate,
} from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../platform/auth.ts';
import { updateLiveTranscode } from '../live-stream/transcode.ts';
import * as settings from './activity-settings-service.ts';
import * as meetings from './meeting-service.ts';
import { getSmsUsage } from './sms-usage.ts';
import * as templates from './template-service.ts';

const tags = ['live-config'];

export function registerLiveConfigRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  app.get(
    '/activity/:id/template',
    { schema: { tags, params: idParams, response: { 200: liveTemplate } } },
    (request) => templates.getTemplate(db, callerOf(request), request.params.id),
  );
  app.put(
    '/activity/:id/template',
    { schema: { tags, params: idParams, body: liveTemplateUpdate, response: { 200: liveTemplate } } },
    (request) => templates.saveTemplate(db, callerOf(request), request.params.id, request.body),
  );
  app.post(
    '/activity/:id/inheritPrevTpl',
    { schema: { tags, params: idParams, response: { 200: liveTemplate } } },
    (request) => templates.inheritPreviousTemplate(db, callerOf(request), request.params.id),
  );
  app.get('/activity/:id/menu', { schema: { tags, params: idParams, response: { 200: activityMenu } } }, (request) =>
    templates.getMenu(db, callerOf(request), request.params.id),
  );
  app.put(
    '/activity/:id/menu',
    { schema: { tags, params: idParams, body: activityMenu, response: { 200: activityMenu } } },
    (request) => templates.saveMenu(db, callerOf(request), request.params.id, request.body.items),
  );
  app.get(
    '/v3/activity/:id/subscribe',
    { schema: { tags, params: idParams, querystring: subscriberQuery, response: { 200: subscriberList } } },
    (request) => templates.listSubscribers(db, callerOf(request), request.params.id, request.query),
  );

  app.get('/activity/:id/watchcode', { schema: { tags, params: idParams, response: { 200: watchCode } } }, (request) =>
    settings.getWatchCode(db, callerOf(request), request.params.id),
  );
  app.put(
    '/activity/:id/watchcode',
    { schema: { tags, params: idParams, body: watchCodeUpdate, response: { 200: watchCode } } },
    (request) => settings.updateWatchCode(db, callerOf(request), request.params.id, request.body),
  );
  app.post(
    '/activity/:id/watchcode/refresh',
    { schema: { tags, params: idParams, response: { 200: watchCode } } },
    (request) => settings.refreshWatchCode(db, callerOf(request), request.params.id),
  );
  app.get('/activity/:id/shareCard', { schema: { tags, params: idParams, response: { 200: shareCard } } }, (request) =>
    settings.getShareCard(db, callerOf(request), request.params.id),
  );
  app.put(
    '/activity/:id/shareCard',
    { schema: { tags, params: idParams, body: shareCardUpdate, response: { 200: shareCard } } },
    (request) => settings.updateShareCard(db, callerOf(request), request.params.id, request.body),
  );
  app.get(
    '/activity/:id/invitation',
    { schema: { tags, params: idParams, response: { 200: invitation } } },
    (request) => settings.getInvitation(db, callerOf(request), request.params.id),
  );
  app.put(
    '/activity/:id/invitation',
    { schema: { tags, params: idParams, body: invitationUpdate, response: { 200: invitation } } },
    (request) => settings.updateInvitation(db, callerOf(request), request.params.id, request.body),
  );
  app.get(
    '/activity/:id/liveTranscode',
    { schema: { tags, params: idParams, response: { 200: liveTranscode } } },
    (request) => settings.getLiveTranscode(db, callerOf(request), request.params.id),
  );
  app.put(
    '/activity/:id/liveTranscode',
    { schema: { tags, params: idParams, body: liveTranscode, response: { 200: liveTranscode } } },
    (request) => updateLiveTranscode(ctx, callerOf(request), request.params.id, request.body.enabled),
  );
  app.get(
    '/activity/:id/manager',
    { schema: { tags, params: idParams, response: { 200: activityManager } } },
    (request) => settings.getManager(db, callerOf(request), request.params.id),
  );
  app.put(
    '/activity/:id/manager',
    { schema: { tags, params: idParams, body: activityManagerUpdate, response: { 200: activityManager } } },
    (request) => settings.updateManager(db, callerOf(request), request.params.id, request.body),
  );
  app.get(
    '/activity/:id/official-user',
    { schema: { tags, params: idParams, response: { 200: officialUser } } },
    (request) => settings.getOfficialUser(db, callerOf(request), request.params.id),
  );

  app.post(
    '/v3/activity/:id/meeting/join',
    { schema: { tags, params: idParams, body: meetingJoinBody, response: { 200: meetingJoin } } },
    (request) => meetings.joinMeeting(ctx, callerOf(request), request.params.id, request.body),
  );
  app.post(
    '/activity/:id/meeting/end',
    { schema: { tags, params: idParams, response: { 200: meetingSession } } },
    (request) => meetings.endMeeting(db, callerOf(request), request.params.id),
  );
  app.get(
    '/activity/:id/meeting',
    { schema: { tags, params: idParams, querystring: meetingQuery, response: { 200: meetingDetails } } },
    (request) => meetings.getMeetingDetails(db, callerOf(request), request.params.id, request.query),
  );
  // The join link's room: public, the link's token is the credential (checked by the service).
  app.post(
    '/meeting/:id/room',
    {
      config: { auth: false },
      bodyLimit: 8 * 1024,
      schema: { tags, params: idParams, body: meetingRoomBody, response: { 200: meetingRoom } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return meetings.getMeetingRoom(ctx, request.params.id, request.body.token);
    },
  );

  app.get(
    '/agent/:id/sms',
    { schema: { tags, params: agentIdParams, querystring: smsRecordQuery, response: { 200: smsUsage } } },
    (request) => getSmsUsage(db, callerOf(request), request.params.id, request.query),
  );
}
