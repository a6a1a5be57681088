import { downloadCenterCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as downloadCenter from './download-center-service.ts';

/** The file's name for the browser: the ASCII fallback says what it is, filename* keeps the Chinese name. */
function attachment(id: number, fileName: string): string {
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(fileName)?.[0] ?? '';
  return `attachment; filename="task-${id}${extension}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function registerDownloadCenterRoutes(server: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  registerCalls(server, downloadCenterCalls, {
    listTasks: ({ caller, query }) => downloadCenter.listTasks(db, caller, query),
    createTask: ({ caller, body }) => downloadCenter.createTask(ctx, caller, body),
    getTask: ({ caller, params }) => downloadCenter.getTask(db, caller, params.id),
    deleteTask: ({ caller, params }) => downloadCenter.deleteTask(ctx, caller, params.id),
    downloadTaskFile: async ({ caller, params, reply }) => {
      const file = await downloadCenter.openTaskFile(ctx, caller, params.id);
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', attachment(params.id, file.fileName))
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
    listRecentTasks: ({ caller }) => downloadCenter.listRecentTasks(db, caller),
  });
}
