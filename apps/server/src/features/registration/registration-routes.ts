import { INVITATION_ERRORS, REGISTRATION_FILE_MAX_BYTES, registrationCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { clientOf } from '../../platform/auth.ts';
import { registerCalls } from '../../platform/calls.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { sendFile } from '../exports/index.ts';
import { audienceViewerOf } from '../watch/index.ts';
import { registrationFile } from './registration-download.ts';
import { storeRegistrationFile } from './registration-file.ts';
import { getWatchRegistration, submitRegistration } from './registration-gate.ts';
import * as registrations from './registration-service.ts';
import { reviewRegistration } from './review-service.ts';

export function registerRegistrationRoutes(server: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const reviewDeps = { db, sms: ctx.sms, log: (line: string) => server.log.warn(line) };
  registerCalls(server, registrationCalls, {
    listRegistrations: ({ caller, query }) => registrations.listRegistrations(db, caller, query),
    createRegistration: ({ caller, body }) => registrations.createRegistration(db, caller, body),
    listRegistrationRecords: ({ caller, query }) => registrations.listRecords(db, caller, query),
    deleteRegistrationRecord: ({ caller, params }) => registrations.deleteRecord(db, caller, params.id),
    getRegistration: ({ caller, params }) => registrations.getRegistration(db, caller, params.id),
    updateRegistration: ({ caller, params, body }) => registrations.updateRegistration(db, caller, params.id, body),
    deleteRegistration: ({ caller, params }) => registrations.deleteRegistration(db, caller, params.id),
    duplicateRegistration: ({ caller, params }) => registrations.duplicateRegistration(db, caller, params.id),
    bindRegistration: ({ caller, params, body }) =>
      registrations.bindRegistration(db, caller, params.id, body.activityIds),
    unbindRegistration: ({ caller, params, body }) =>
      registrations.unbindRegistration(db, caller, params.id, body.activityIds),
    listRegistrationBindings: ({ caller, params, query }) => registrations.listBindings(db, caller, params.id, query),
    reviewRegistration: ({ caller, params, body }) => reviewRegistration(reviewDeps, caller, params.id, body),
    getRegistrationConfig: ({ caller, params }) => registrations.getRegistrationConfig(db, caller, params.id),
    saveRegistrationConfig: ({ caller, params, body }) =>
      registrations.saveRegistrationConfig(db, caller, params.id, body),
    getActivityRegistration: ({ caller, params }) => registrations.getActivityRegistration(db, caller, params.id),
    downloadRegistration: async ({ caller, params, reply }) =>
      sendFile(reply, await registrationFile(db, caller, params.id)),
    getWatchRegistration: async ({ params, query, request, reply }) => {
      reply.header('cache-control', 'no-store');
      return getWatchRegistration(db, params.id, query.kind, await audienceViewerOf(ctx, request, params.id));
    },
    uploadRegistrationFile: ({ params, query, request }) =>
      storeRegistrationFile(ctx, params.id, query.kind, clientOf(request).ip, async () => {
        if (!request.isMultipart()) throw invalidField('file', 'Expected multipart/form-data');
        const file = await request.file({ limits: { fileSize: REGISTRATION_FILE_MAX_BYTES } });
        return file && { mimetype: file.mimetype, filename: file.filename, stream: file.file };
      }),
    submitRegistration: async ({ params, body, request, reply }) => {
      reply.header('cache-control', 'no-store');
      const viewer = await audienceViewerOf(ctx, request, params.id);
      // The watch page records a visit (and gets its signed viewer cookie) before it shows any form.
      const viewerId = viewer.viewerId;
      if (!viewerId) throw notFound(INVITATION_ERRORS.viewerNotFound);
      return submitRegistration(ctx, params.id, body, { ...viewer, viewerId }, clientOf(request).ip);
    },
  });
}
