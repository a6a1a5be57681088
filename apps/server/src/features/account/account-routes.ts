import { accountCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { clientOf } from '../../platform/auth.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as account from './account-service.ts';
import * as openid from './openid-service.ts';
import * as sms from './sms-service.ts';

export function registerAccountRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, accountCalls, {
    loginWithPassword: ({ body, request }) => account.loginWithPassword(ctx, body, clientOf(request)),
    loginWithTicket: ({ body, request }) => account.loginWithTicket(ctx, body.token, clientOf(request)),
    loginWithSms: ({ body, request }) => account.loginWithSms(ctx, body, clientOf(request)),
    createLoginTicket: ({ caller, query }) => account.createImpersonationTicket(ctx, caller, query.agentId),
    getMe: ({ caller }) => account.getMe(caller),
    logout: ({ caller }) => account.logout(ctx, caller),
    sendPublicSms: ({ body, request }) => {
      sms.assertSmsSignature(request.headers.authorization, body.mobile);
      return sms.sendPublicSms(ctx, body, request.ip);
    },
    sendAgentSms: ({ caller, body, request }) => sms.sendAgentSms(ctx, caller, body, request.ip),
    verifySms: ({ body }) => sms.verifySms(ctx, body),
    signup: ({ body, request }) => account.signup(ctx, body, clientOf(request)),
    resetPassword: ({ body }) => account.resetPassword(ctx, body),
    mobileExists: ({ query, request }) => account.mobileExists(ctx, query.mobile, request.ip),
    listLoginRecords: ({ caller, query }) => account.listLoginRecords(ctx, caller, query),
    getOpenid: ({ caller, query }) => openid.getOpenidBinding(ctx, caller, query.state),
    bindOpenid: ({ caller, body }) => openid.bindOpenid(ctx, caller, body),
    unbindOpenid: ({ caller }) => openid.unbindOpenid(ctx, caller),
    getAppCenterToken: ({ caller }) => account.appCenterToken(ctx, caller),
    getUserMe: ({ caller }) => account.getUserMe(caller),
    getCustomerServiceUser: ({ caller }) => account.getCustomerServiceUser(caller),
    getProfile: ({ caller, params }) => account.getProfile(ctx, caller, params.id),
    updateProfile: ({ caller, params, body }) => account.updateProfile(ctx, caller, params.id, body),
    changePassword: ({ caller, params, body }) => account.changePassword(ctx, caller, params.id, body),
    changeMobile: ({ caller, params, body }) => account.changeMobile(ctx, caller, params.id, body),
  });
}
