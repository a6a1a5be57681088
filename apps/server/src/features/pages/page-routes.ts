import { ACTIVITY_PICTURE_MAX_BYTES, pageCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { invalidField } from '../../platform/errors.ts';
import * as pages from './page-service.ts';
import { storePagePicture } from './page-upload.ts';

/** The pages' calls; the multipart parser is the one the uploads feature registers on the same API scope. */
export function registerPageRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, pageCalls, {
    listPages: ({ caller, query }) => pages.listPages(ctx.db, caller, query),
    getPage: ({ caller, params }) => pages.getPage(ctx.db, caller, params.id),
    createPage: ({ caller, body }) => pages.createPage(ctx.db, caller, body),
    updatePage: ({ caller, params, body }) => pages.updatePage(ctx.db, caller, params.id, body),
    deletePage: ({ caller, params }) => pages.deletePage(ctx.db, caller, params.id),
    listPageColumns: ({ caller, params, query }) => pages.listColumns(ctx.db, caller, params.id, query),
    createPageColumn: ({ caller, params, body }) => pages.createColumn(ctx.db, caller, params.id, body),
    updatePageColumn: ({ caller, params, body }) => pages.updateColumn(ctx.db, caller, params.id, params.listId, body),
    deletePageColumn: ({ caller, params }) => pages.deleteColumn(ctx.db, caller, params.id, params.listId),
    listPageLiveActivities: ({ caller, params, query }) => pages.listLiveActivities(ctx.db, caller, params.id, query),
    listPageActivities: ({ caller, params, query }) => pages.listRankedActivities(ctx.db, caller, params.id, query),
    listPageChosenActivities: ({ caller, params, query }) =>
      pages.listChosenActivities(ctx.db, caller, params.id, query.activityIds),
    listPageChosenCatalogs: ({ caller, params, query }) =>
      pages.listChosenCatalogs(ctx.db, caller, params.id, query.catalogIds),
    listGroupActivities: ({ caller, params, query }) => pages.listGroupActivities(ctx.db, caller, params.id, query),
    setHomepage: ({ caller, params }) => pages.changeHomepage(ctx.db, caller, params.id, params.action),
    saveBottomNav: ({ caller, params, body }) => pages.saveBottomNav(ctx.db, caller, params.id, body),
    uploadPagePicture: ({ caller, params, request }) =>
      storePagePicture(ctx, caller, params.id, async () => {
        if (!request.isMultipart()) throw invalidField('file', 'Expected multipart/form-data');
        const file = await request.file({ limits: { fileSize: ACTIVITY_PICTURE_MAX_BYTES } });
        return file && { mimetype: file.mimetype, stream: file.file };
      }),
  });
}
