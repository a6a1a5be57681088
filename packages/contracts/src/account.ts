import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, isoDateTime, listOf, mobile, ok, pageQuery, password, smsCode } from './common.ts';
import { AGENT_STATUSES, DEFAULT_AGENT_AREA, DEFAULT_AGENT_MARGIN, LOGIN_RECORD_PAGE_SIZE } from './constants.ts';

export const agentStatus = z.enum(AGENT_STATUSES);
export type AgentStatus = z.infer<typeof agentStatus>;

/** The largest 保证金 (yuan) the form and the server take. */
export const AGENT_MARGIN_MAX = 100_000_000;

export const agentExtra = z.object({
  area: z.number().int().default(DEFAULT_AGENT_AREA),
  address: z.string().max(200).default(''),
  // 保证金: a negative one is refused, never clamped to 0 (issue 8); the console's form says the same before sending.
  margin: z
    .number()
    .min(0, 'margin must be 0 or more')
    .max(AGENT_MARGIN_MAX, `margin must be at most ${AGENT_MARGIN_MAX}`)
    .default(DEFAULT_AGENT_MARGIN),
});
export type AgentExtra = z.infer<typeof agentExtra>;

/** The account as its owner sees it (GET /agent/{id}, PUT /agent/{id}). */
export const agentProfile = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  mobile: z.string(),
  contact: z.string(),
  company: z.string(),
  email: z.string(),
  avatar: z.string(),
  status: agentStatus,
  coopLevel: z.number().int(),
  extra: agentExtra,
  createdAt: isoDateTime,
});
export type AgentProfile = z.infer<typeof agentProfile>;

/** The caller: an agent, or a sub-account acting for its parent agent (GET /agent/me). */
export const me = agentProfile.extend({
  isSubAgent: z.boolean(),
  subagent: z.object({ id: z.number().int(), username: z.string(), remark: z.string() }).nullable(),
  impersonatedBy: z.number().int().nullable(),
  /** isUltimatePackage of the last package paid, copied here (seed 001 §6). */
  hasContract: z.boolean(),
});
export type Me = z.infer<typeof me>;

export const session = z.object({
  token: z.string(),
  expiresAt: isoDateTime,
  me,
});
export type Session = z.infer<typeof session>;

export const passwordLoginBody = z.object({
  username: z.string().trim().min(1, 'Username is required').max(64),
  password: z.string().min(1, 'Password is required').max(64),
});
export type PasswordLoginBody = z.infer<typeof passwordLoginBody>;

export const tokenLoginBody = z.object({ token: z.string().trim().min(16, 'Token is invalid').max(200) });
export type TokenLoginBody = z.infer<typeof tokenLoginBody>;

export const smsLoginBody = z.object({ mobile, code: smsCode });
export type SmsLoginBody = z.infer<typeof smsLoginBody>;

/** What a verification code is for; `subscribe` confirms a viewer's mobile for an activity's reminders (预约). */
export const smsPurpose = z.enum(['signup', 'login', 'lostpass', 'mobile', 'verify', 'subscribe', 'viewer']);
export type SmsPurpose = z.infer<typeof smsPurpose>;
/**
 * Every message the SMS gateway sends: a code for one of the purposes, an activity's start reminder, or a registration
 * review's outcome (issue 12).
 */
export type SmsTemplateName = SmsPurpose | 'reminder' | 'review';

/** Public SMS send (signup, login, lostpass), signed with `Authorization: Sms <timestamp>.<hash>`. */
export const smsSendBody = z.object({ mobile, purpose: smsPurpose.extract(['signup', 'login', 'lostpass']) });
export type SmsSendBody = z.infer<typeof smsSendBody>;

/** Signed-in SMS send: to a new mobile (purpose mobile) or to the account's own mobile (purpose verify). */
export const agentSmsSendBody = z.object({
  purpose: smsPurpose.extract(['mobile', 'verify']),
  mobile: mobile.optional(),
});
export type AgentSmsSendBody = z.infer<typeof agentSmsSendBody>;

export const smsSent = z.object({ mobile: z.string(), resendAfter: z.number().int(), expiresIn: z.number().int() });
export type SmsSent = z.infer<typeof smsSent>;

/** The account's own purposes (a subscribe code is checked only by subscribing). */
export const smsVerifyBody = z.object({ mobile, code: smsCode, purpose: smsPurpose.exclude(['subscribe', 'viewer']) });
export type SmsVerifyBody = z.infer<typeof smsVerifyBody>;

export const smsVerified = z.object({ verified: z.literal(true) });

export const signupBody = z.object({
  mobile,
  code: smsCode,
  password,
  contact: z.string().trim().max(50).default(''),
  company: z.string().trim().max(100).default(''),
  /** The promotion code of the link the sign-up came by (GET /v3/promote), if any. */
  promoter: z.string().trim().max(40).optional(),
});
export type SignupBody = z.infer<typeof signupBody>;

export const resetPasswordBody = z.object({ mobile, code: smsCode, password });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const changePasswordBody = z.object({ oldPassword: z.string().min(1, 'Old password is required'), password });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const changeMobileBody = z.object({ mobile, code: smsCode });
export type ChangeMobileBody = z.infer<typeof changeMobileBody>;

export const updateProfileBody = z.object({
  contact: z.string().trim().max(50).optional(),
  company: z.string().trim().max(100).optional(),
  email: z.union([z.email('Invalid email'), z.literal('')]).optional(),
  avatar: z.string().max(500).optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const existsQuery = z.object({ mobile });
export const exists = z.object({ exists: z.boolean() });

export const loginMethod = z.enum(['password', 'sms', 'token', 'signup', 'impersonation']);
export type LoginMethod = z.infer<typeof loginMethod>;

export const loginRecord = z.object({
  id: z.number().int(),
  method: loginMethod,
  success: z.boolean(),
  ip: z.string(),
  userAgent: z.string(),
  username: z.string(),
  createdAt: isoDateTime,
});
export type LoginRecord = z.infer<typeof loginRecord>;
export const loginRecordQuery = pageQuery(LOGIN_RECORD_PAGE_SIZE);
export const loginRecordList = listOf(loginRecord);
export type LoginRecordList = z.infer<typeof loginRecordList>;

/** The messaging-platform (WeChat) identity bound to the account. */
export const openidBinding = z.object({
  bound: z.boolean(),
  openid: z.string().nullable(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  boundAt: isoDateTime.nullable(),
  /** Where the console sends the user to authorise a binding (the provider's authorize page). */
  authorizeUrl: z.string(),
});
export type OpenidBinding = z.infer<typeof openidBinding>;
/** GET /agent/openid?state=: the state the provider hands back with the consent, carried in the authorize URL. */
export const openidQuery = z.object({ state: z.string().max(100).default('') });
export const bindOpenidBody = z.object({ code: z.string().trim().min(1, 'Code is required').max(200) });
export type BindOpenidBody = z.infer<typeof bindOpenidBody>;

/** GET /agent/login/token?agentId=: a one-time token that opens the agent's console (url: /login?token=...). */
export const agentLoginTokenQuery = z.object({ agentId: id });
export const agentLoginToken = z.object({ token: z.string(), expiresAt: isoDateTime, url: z.string() });
export type AgentLoginToken = z.infer<typeof agentLoginToken>;

export const appCenterToken = z.object({ token: z.string(), expiresAt: isoDateTime });

/** The console user's unified identity (GET /user/me). */
export const userMe = z.object({
  id: z.number().int(),
  kind: z.enum(['agent', 'subagent']),
  agentId: z.number().int(),
  name: z.string(),
  avatar: z.string(),
});
export type UserMe = z.infer<typeof userMe>;

/** Customer-service identity (GET /agent/user): a sub-account speaks with its parent's agentId (seed 001 §1). */
export const customerServiceUser = z.object({
  agentId: z.number().int(),
  userId: z.string(),
  nickname: z.string(),
  avatar: z.string(),
});

export const agentIdParams = z.object({ id });

export const accountCalls = defineCalls('account', {
  loginWithPassword: {
    method: 'POST',
    path: '/agent/login',
    summary: 'Sign in with mobile (or sub-account username) and password',
    access: 'public',
    body: passwordLoginBody,
    response: session,
  },
  loginWithTicket: {
    method: 'POST',
    path: '/agent/login/token',
    summary: 'Sign in with a one-time login token',
    access: 'public',
    body: tokenLoginBody,
    response: session,
  },
  loginWithSms: {
    method: 'POST',
    path: '/agent/login/sms',
    summary: 'Sign in with an SMS code',
    access: 'public',
    body: smsLoginBody,
    response: session,
  },
  createLoginTicket: {
    method: 'GET',
    path: '/agent/login/token',
    summary: 'A one-time token that opens the console of an agent below the caller',
    access: 'mainAccount',
    query: agentLoginTokenQuery,
    response: agentLoginToken,
  },
  getMe: {
    method: 'GET',
    path: '/agent/me',
    summary: 'The caller: its agent, and the sub-account acting for it if any',
    access: 'signedIn',
    response: me,
  },
  logout: {
    method: 'GET',
    path: '/logout',
    summary: 'Sign out: the session’s token stops working',
    access: 'signedIn',
    response: ok,
  },
  sendPublicSms: {
    method: 'POST',
    path: '/sms',
    summary: 'Send a sign-up, sign-in or lost-password SMS code (signed request)',
    access: 'public',
    body: smsSendBody,
    response: smsSent,
  },
  sendAgentSms: {
    method: 'POST',
    path: '/agent/sms',
    summary: 'Send an SMS code to a new mobile, or to the account’s own to verify it',
    access: 'mainAccount',
    body: agentSmsSendBody,
    response: smsSent,
  },
  verifySms: {
    method: 'POST',
    path: '/agent/sms/verify',
    summary: 'Check an SMS code without spending it',
    access: 'public',
    body: smsVerifyBody,
    response: smsVerified,
  },
  signup: {
    method: 'POST',
    path: '/agent/signup',
    summary: 'Create an agent account with a verified mobile and sign in',
    access: 'public',
    body: signupBody,
    response: session,
  },
  resetPassword: {
    method: 'PUT',
    path: '/agent/password',
    summary: 'Set a new password with an SMS code; every session of the account ends',
    access: 'public',
    body: resetPasswordBody,
    response: ok,
  },
  mobileExists: {
    method: 'GET',
    path: '/agent/exists',
    summary: 'Whether a mobile already has an account',
    access: 'public',
    query: existsQuery,
    response: exists,
  },
  listLoginRecords: {
    method: 'GET',
    path: '/agent/login-record',
    summary: 'The caller’s sign-in history, newest first',
    access: 'signedIn',
    query: loginRecordQuery,
    response: loginRecordList,
  },
  getOpenid: {
    method: 'GET',
    path: '/agent/openid',
    summary: 'The WeChat identity bound to the account, and where to authorise one',
    access: 'signedIn',
    query: openidQuery,
    response: openidBinding,
  },
  bindOpenid: {
    method: 'PUT',
    path: '/agent/openid',
    summary: 'Bind the WeChat identity an authorisation code stands for',
    access: 'mainAccount',
    body: bindOpenidBody,
    response: openidBinding,
  },
  unbindOpenid: {
    method: 'DELETE',
    path: '/agent/openid',
    summary: 'Unbind the account’s WeChat identity',
    access: 'mainAccount',
    response: openidBinding,
  },
  getAppCenterToken: {
    method: 'GET',
    path: '/v3/app-center-token',
    summary: 'A short-lived token the app center verifies the caller with',
    access: 'signedIn',
    response: appCenterToken,
  },
  getUserMe: {
    method: 'GET',
    path: '/user/me',
    summary: 'The console user’s unified identity: agent or sub-account',
    access: 'signedIn',
    response: userMe,
  },
  getCustomerServiceUser: {
    method: 'GET',
    path: '/agent/user',
    summary: 'The identity the caller speaks to customer service with',
    access: 'signedIn',
    response: customerServiceUser,
  },
  getProfile: {
    method: 'GET',
    path: '/agent/:id',
    summary: 'The caller’s own account',
    access: 'signedIn',
    params: agentIdParams,
    response: agentProfile,
  },
  updateProfile: {
    method: 'PUT',
    path: '/agent/:id',
    summary: 'Change the account’s contact, company, email or avatar',
    access: 'signedIn',
    params: agentIdParams,
    body: updateProfileBody,
    response: agentProfile,
  },
  changePassword: {
    method: 'PUT',
    path: '/agent/:id/password',
    summary: 'Change the password with the old one; the account’s other sessions end',
    access: 'signedIn',
    params: agentIdParams,
    body: changePasswordBody,
    response: ok,
  },
  changeMobile: {
    method: 'PUT',
    path: '/agent/:id/mobile',
    summary: 'Change the account’s mobile with an SMS code sent to the new one',
    access: 'signedIn',
    params: agentIdParams,
    body: changeMobileBody,
    response: agentProfile,
  },
});
