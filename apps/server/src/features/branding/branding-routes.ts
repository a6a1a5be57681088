import {
  customization,
  customizationUpdate,
  customizedInfo,
  imageTemplate,
  imageTemplateUpdate,
  loginTemplate,
  loginTemplateUpdate,
  promoteInfo,
  publicLoginTemplate,
  publicLoginTemplateQuery,
  templateActivity,
  templateActivityBody,
  userProfileSetting,
  wechatAuth,
  wechatOfficialCustomization,
} from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../platform/auth.ts';
import * as branding from './branding-service.ts';
import { createTxtLookup } from './custom-host.ts';

const tags = ['branding'];

export function registerBrandingRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db, secretKey } = ctx;
  app.get('/agent/activity/template', { schema: { tags, response: { 200: imageTemplate } } }, (request) =>
    branding.getImageTemplate(db, callerOf(request)),
  );
  app.put(
    '/agent/activity/template',
    { schema: { tags, body: imageTemplateUpdate, response: { 200: imageTemplate } } },
    (request) => branding.updateImageTemplate(db, callerOf(request), request.body),
  );
  app.patch(
    '/v3/agent/user-profile/setting',
    { schema: { tags, body: userProfileSetting, response: { 200: imageTemplate } } },
    (request) => branding.updateImageTemplate(db, callerOf(request), request.body),
  );

  app.get('/agent/template', { schema: { tags, response: { 200: loginTemplate } } }, (request) =>
    branding.getLoginTemplate(db, callerOf(request)),
  );
  app.put(
    '/agent/template',
    { schema: { tags, body: loginTemplateUpdate, response: { 200: loginTemplate } } },
    (request) => branding.updateLoginTemplate(db, callerOf(request), request.body),
  );
  app.get(
    '/agent/template/public',
    {
      config: { auth: false },
      schema: { tags, querystring: publicLoginTemplateQuery, response: { 200: publicLoginTemplate } },
    },
    (request) => branding.getPublicLoginTemplate(db, request.query.host),
  );

  app.get('/agent/customization', { schema: { tags, response: { 200: customization } } }, (request) =>
    branding.getCustomization(db, secretKey, callerOf(request)),
  );
  app.put(
    '/agent/customization',
    { schema: { tags, body: customizationUpdate, response: { 200: customization } } },
    (request) => branding.updateCustomization(db, secretKey, ctx.config, callerOf(request), request.body),
  );
  const lookupTxt = createTxtLookup(ctx.config.dnsResolver);
  app.post('/agent/customization/host/verify', { schema: { tags, response: { 200: customization } } }, (request) =>
    branding.verifyCustomHost(db, secretKey, lookupTxt, callerOf(request)),
  );
  app.get('/v3/agent/customized-info', { schema: { tags, response: { 200: customizedInfo } } }, (request) =>
    branding.getCustomizedInfo(db, callerOf(request)),
  );

  app.get('/wechat/auth', { schema: { tags, response: { 200: wechatAuth } } }, (request) =>
    branding.getWechatAuth(db, callerOf(request)),
  );
  app.put(
    '/agent/wechat-offical-customization',
    { schema: { tags, body: wechatOfficialCustomization, response: { 200: wechatAuth } } },
    (request) => branding.updateWechatOfficial(db, secretKey, callerOf(request), request.body),
  );

  app.get('/v3/promote', { schema: { tags, response: { 200: promoteInfo } } }, (request) =>
    branding.getPromote(db, secretKey, callerOf(request)),
  );
  app.post(
    '/v3/agent/template-activity',
    { schema: { tags, body: templateActivityBody, response: { 200: templateActivity } } },
    (request) => branding.setTemplateActivity(db, callerOf(request), request.body.activityId),
  );
}
