import { catalogCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as catalogs from './catalog-service.ts';

export function registerCatalogRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, catalogCalls, {
    createCatalog: ({ caller, body }) => catalogs.createCatalog(ctx.db, caller, body),
    listCatalogs: ({ caller, query }) => catalogs.listCatalogs(ctx.db, caller, query),
    getCatalog: ({ caller, params }) => catalogs.getCatalog(ctx.db, caller, params.id),
    updateCatalog: ({ caller, params, body }) => catalogs.renameCatalog(ctx.db, caller, params.id, body),
    deleteCatalog: ({ caller, params }) => catalogs.deleteCatalog(ctx.db, caller, params.id),
    getCatalogChapters: ({ caller, params }) => catalogs.getChapters(ctx.db, caller, params.id),
    updateCatalogChapters: ({ caller, params, body }) => catalogs.replaceChapters(ctx.db, caller, params.id, body),
    getCatalogShare: ({ caller, params }) => catalogs.getShare(ctx.db, caller, params.id),
    saveCatalogShare: ({ caller, params, body }) => catalogs.saveShare(ctx.db, caller, params.id, body),
    getCatalogAbstract: ({ caller, params }) => catalogs.getAbstract(ctx.db, caller, params.id),
    saveCatalogAbstract: ({ caller, params, body }) => catalogs.saveAbstract(ctx.db, caller, params.id, body),
    getCatalogAppearance: ({ caller, params }) => catalogs.getAppearance(ctx.db, caller, params.id),
    saveCatalogAppearance: ({ caller, params, body }) => catalogs.saveAppearance(ctx.db, caller, params.id, body),
  });
}
