import { brandingCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as branding from './branding-service.ts';
import { createTxtLookup } from './custom-host.ts';

export function registerBrandingRoutes(server: FastifyInstance, ctx: AppContext) {
  const { db, secretKey } = ctx;
  const lookupTxt = createTxtLookup(ctx.config.dnsResolver);
  registerCalls(server, brandingCalls, {
    getImageTemplate: ({ caller }) => branding.getImageTemplate(db, caller),
    updateImageTemplate: ({ caller, body }) => branding.updateImageTemplate(db, caller, body),
    updateUserProfileSetting: ({ caller, body }) => branding.updateImageTemplate(db, caller, body),
    getLoginTemplate: ({ caller }) => branding.getLoginTemplate(db, caller),
    updateLoginTemplate: ({ caller, body }) => branding.updateLoginTemplate(db, caller, body),
    getPublicLoginTemplate: ({ query }) => branding.getPublicLoginTemplate(db, query.host),
    getCustomization: ({ caller }) => branding.getCustomization(db, secretKey, caller),
    updateCustomization: ({ caller, body }) => branding.updateCustomization(db, secretKey, ctx.config, caller, body),
    verifyCustomHost: ({ caller }) => branding.verifyCustomHost(db, secretKey, lookupTxt, caller),
    getCustomizedInfo: ({ caller }) => branding.getCustomizedInfo(db, caller),
    getWechatAuth: ({ caller }) => branding.getWechatAuth(db, caller),
    updateWechatOfficial: ({ caller, body }) => branding.updateWechatOfficial(db, secretKey, caller, body),
    getPromote: ({ caller }) => branding.getPromote(db, secretKey, caller),
    setTemplateActivity: ({ caller, body }) => branding.setTemplateActivity(db, caller, body.activityId),
  });
}
