import { type ExportKind, exportCalls } from '@yanbo/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { registerCalls } from '../../platform/calls.ts';
import type { Database } from '../../platform/db/database.ts';
import { sendFile } from './export-file.ts';
import * as exports from './export-service.ts';

interface DownloadContext {
  caller: Caller;
  params: { id: number };
  query: Parameters<typeof exports.activityExport>[4];
  reply: FastifyReply;
}

/** A download about one activity: checked, then streamed (also the top share's `?format=csv` in invitations). */
export const activityDownload =
  (database: Database, kind: ExportKind) =>
  async ({ caller, params, query, reply }: DownloadContext): Promise<FastifyReply> => {
    const request = await exports.activityExport(database.db, caller, kind, params.id, query);
    const body = exports.exportFile(database, request);
    return sendFile(reply, { ...exports.exportFileName(request), format: request.format, body });
  };

export function registerExportRoutes(server: FastifyInstance, ctx: AppContext) {
  const { db, database } = ctx;
  const download = (kind: ExportKind) => activityDownload(database, kind);
  registerCalls(server, exportCalls, {
    downloadCheckinData: download('checkin-data'),
    downloadActivityUsers: download('users'),
    downloadSubscribers: download('subscribers'),
    downloadAllowedMobiles: download('allowed-mobiles'),
    downloadUserVisits: download('user-visits'),
    downloadStats: download('stats'),
    downloadComments: download('comments'),
    downloadTopGifts: download('top-gift'),
    downloadDataStats: (context) => download(context.params.kind)(context),
    downloadGainDetails: async ({ caller, params, query, reply }) => {
      const request = await exports.gainDetailsExport(db, caller, params.userId, query);
      return sendFile(reply, {
        ...exports.exportFileName(request),
        format: request.format,
        body: exports.exportFile(database, request),
      });
    },
    listDataStats: ({ caller, params, query }) => exports.listDataStats(db, caller, params.id, params.kind, query),
    getExportFields: ({ params }) => exports.exportFieldSet(params.name),
    resolveCustomExport: ({ body }) => exports.resolveCustomExport(body),
    getTableThead: ({ caller, params }) => exports.getTableThead(db, caller, params.id),
    saveTableThead: ({ caller, params, body }) => exports.saveTableThead(db, caller, params.id, body.fields),
  });
}
