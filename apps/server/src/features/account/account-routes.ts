import {
  agentIdParams,
  agentLoginToken,
  agentLoginTokenQuery,
  agentProfile,
  agentSmsSendBody,
  appCenterToken as appCenterTokenSchema,
  bindOpenidBody,
  changeMobileBody,
  changePasswordBody,
  customerServiceUser,
  ERROR_CODES,
  exists,
  existsQuery,
  loginRecordList,
  loginRecordQuery,
  me,
  ok,
  openidBinding,
  passwordLoginBody,
  resetPasswordBody,
  session,
  signupBody,
  smsLoginBody,
  smsSendBody,
  smsSent,
  smsVerified,
  smsVerifyBody,
  tokenLoginBody,
  updateProfileBody,
  userMe,
} from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf, clientOf } from '../../platform/auth.ts';
import { tooManyRequests } from '../../platform/errors.ts';
import { type RateRule, take } from '../../platform/rate-limit.ts';
import * as account from './account-service.ts';
import * as openid from './openid-service.ts';
import * as sms from './sms-service.ts';

const tags = ['account'];
const publicRoute = { auth: false };
/** Sign-in and sign-up forms are a few short fields: a stranger's body is refused past this (413). */
const PUBLIC_BODY_LIMIT = 16 * 1024;
/** GET /agent/exists tells whether a mobile has an account: per address, a form's worth of checks a minute. */
const existsPerIp: RateRule = { max: 20, windowMs: 60_000 };

export function registerAccountRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/agent/login',
    {
      config: publicRoute,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { tags, body: passwordLoginBody, response: { 200: session } },
    },
    (request) => account.loginWithPassword(ctx, request.body, clientOf(request)),
  );
  app.post(
    '/agent/login/token',
    {
      config: publicRoute,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { tags, body: tokenLoginBody, response: { 200: session } },
    },
    (request) => account.loginWithTicket(ctx, request.body.token, clientOf(request)),
  );
  app.post(
    '/agent/login/sms',
    {
      config: publicRoute,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { tags, body: smsLoginBody, response: { 200: session } },
    },
    (request) => account.loginWithSms(ctx, request.body, clientOf(request)),
  );
  app.get(
    '/agent/login/token',
    {
      schema: {
        tags,
        querystring: agentLoginTokenQuery,
        response: { 200: agentLoginToken },
      },
    },
    (request) => account.createImpersonationTicket(ctx, callerOf(request), request.query.agentId),
  );
  app.get('/agent/me', { schema: { tags, response: { 200: me } } }, async (request) =>
    account.getMe(callerOf(request)),
  );
  app.get('/logout', { schema: { tags, response: { 200: ok } } }, (request) => account.logout(ctx, callerOf(request)));

  app.post(
    '/sms',
    {
      config: publicRoute,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { tags, body: smsSendBody, response: { 200: smsSent } },
    },
    (request) => {
      sms.assertSmsSignature(request.headers.authorization, request.body.mobile);
      return sms.sendPublicSms(ctx, request.body, request.ip);
    },
  );
  app.post('/agent/sms', { schema: { tags, body: agentSmsSendBody, response: { 200: smsSent } } }, (request) =>
    sms.sendAgentSms(ctx, callerOf(request), request.body, request.ip),
  );
  app.post(
    '/agent/sms/verify',
    {
      config: publicRoute,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { tags, body: smsVerifyBody, response: { 200: smsVerified } },
    },
    (request) => sms.verifySms(ctx, request.body),
  );

  app.post(
    '/agent/signup',
    {
      config: publicRoute,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { tags, body: signupBody, response: { 200: session } },
    },
    (request) => account.signup(ctx, request.body, clientOf(request)),
  );
  app.put(
    '/agent/password',
    {
      config: publicRoute,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { tags, body: resetPasswordBody, response: { 200: ok } },
    },
    (request) => account.resetPassword(ctx, request.body),
  );
  app.get(
    '/agent/exists',
    {
      config: publicRoute,
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { tags, querystring: existsQuery, response: { 200: exists } },
    },
    async (request) => {
      const wait = await take(ctx.limits, existsPerIp, `exists:ip:${request.ip}`);
      if (wait !== null)
        throw tooManyRequests(`Too many requests, try again in ${wait} s`, ERROR_CODES.rateLimited, wait);
      return account.mobileExists(ctx, request.query.mobile);
    },
  );

  app.get(
    '/agent/login-record',
    { schema: { tags, querystring: loginRecordQuery, response: { 200: loginRecordList } } },
    (request) => account.listLoginRecords(ctx, callerOf(request), request.query),
  );
  app.get(
    '/agent/openid',
    {
      schema: {
        tags,
        querystring: z.object({ state: z.string().max(100).default('') }),
        response: { 200: openidBinding },
      },
    },
    (request) => openid.getOpenidBinding(ctx, callerOf(request), request.query.state),
  );
  app.put('/agent/openid', { schema: { tags, body: bindOpenidBody, response: { 200: openidBinding } } }, (request) =>
    openid.bindOpenid(ctx, callerOf(request), request.body),
  );
  app.delete('/agent/openid', { schema: { tags, response: { 200: openidBinding } } }, (request) =>
    openid.unbindOpenid(ctx, callerOf(request)),
  );

  app.get('/v3/app-center-token', { schema: { tags, response: { 200: appCenterTokenSchema } } }, (request) =>
    account.appCenterToken(ctx, callerOf(request)),
  );
  app.get('/user/me', { schema: { tags, response: { 200: userMe } } }, async (request) =>
    account.getUserMe(callerOf(request)),
  );
  app.get('/agent/user', { schema: { tags, response: { 200: customerServiceUser } } }, async (request) =>
    account.getCustomerServiceUser(callerOf(request)),
  );

  app.get('/agent/:id', { schema: { tags, params: agentIdParams, response: { 200: agentProfile } } }, (request) =>
    account.getProfile(ctx, callerOf(request), request.params.id),
  );
  app.put(
    '/agent/:id',
    { schema: { tags, params: agentIdParams, body: updateProfileBody, response: { 200: agentProfile } } },
    (request) => account.updateProfile(ctx, callerOf(request), request.params.id, request.body),
  );
  app.put(
    '/agent/:id/password',
    { schema: { tags, params: agentIdParams, body: changePasswordBody, response: { 200: ok } } },
    (request) => account.changePassword(ctx, callerOf(request), request.params.id, request.body),
  );
  app.put(
    '/agent/:id/mobile',
    { schema: { tags, params: agentIdParams, body: changeMobileBody, response: { 200: agentProfile } } },
    (request) => account.changeMobile(ctx, callerOf(request), request.params.id, request.body),
  );
}
