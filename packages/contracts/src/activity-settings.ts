import { z } from 'zod';
import { agentIdParams } from './account.ts';
import { defineCalls } from './call.ts';
import { idParams, isoDateTime, listOf, pageQuery, pager } from './common.ts';
import { SMS_RECORD_PAGE_SIZE, SUBSCRIBER_PAGE_SIZE } from './constants.ts';
import { imagePath, introTabs } from './page-template.ts';

// The settings of one activity beside its page template: the page's menu, watch code, share card, invitation,
// manager and official user, who subscribed to its reminders, and the agent's SMS usage.

/** GET/PUT /activity/{id}/menu: the viewing page's menu is its intro tab list, kept once, in the template. */
export const activityMenu = z.object({ items: introTabs });
export type ActivityMenu = z.infer<typeof activityMenu>;

/** A watch code viewers enter before the page plays. */
export const watchCode = z.object({ enabled: z.boolean(), code: z.string() });
export type WatchCode = z.infer<typeof watchCode>;
/** PUT /activity/{id}/watchcode: enabling without a code (and none stored) makes a random one. */
export const watchCodeUpdate = z.object({
  enabled: z.boolean(),
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,16}$/, 'Code must be 4 to 16 letters or digits')
    .optional(),
});
export type WatchCodeUpdate = z.infer<typeof watchCodeUpdate>;

/** GET/PUT /activity/{id}/shareCard: what a shared link shows; title and image default to the activity's. */
export const shareCard = z.object({
  title: z.string().trim().max(60, 'Title must be at most 60 characters'),
  description: z.string().trim().max(200, 'Description must be at most 200 characters'),
  image: imagePath,
});
export type ShareCard = z.infer<typeof shareCard>;
export const shareCardUpdate = shareCard.partial();

/** GET/PUT /activity/{id}/invitation: the invitation card viewers share to invite others. */
export const invitation = z.object({
  isEnabled: z.boolean(),
  title: z.string().trim().max(60, 'Title must be at most 60 characters'),
  description: z.string().trim().max(200, 'Description must be at most 200 characters'),
  backgroundImg: imagePath,
  /** The picture on the card (the activity's cover until the organiser picks another). */
  cover: imagePath,
  showInviter: z.boolean(),
});
export type Invitation = z.infer<typeof invitation>;
/** An activity's invitation card before the organiser sets it: off, with the activity's name and cover. */
export const invitationDefaults = (activity: { name: string; cover: string }): Invitation => ({
  isEnabled: false,
  title: activity.name,
  description: '',
  backgroundImg: '',
  cover: activity.cover,
  showInviter: true,
});
export const invitationUpdate = invitation.partial();

// ---------------------------------------------------------------------------------------------------------------
// Manager, official user, subscribers

/** The activity manager shown on the page: avatar and nickname (the nickname defaults to the host's title). */
export const activityManager = z.object({ avatar: z.string(), nickname: z.string(), isDefault: z.boolean() });
export type ActivityManager = z.infer<typeof activityManager>;
export const activityManagerUpdate = z.object({
  avatar: imagePath.optional(),
  nickname: z.string().trim().min(1, 'Nickname is required').max(30, 'Nickname must be at most 30 characters'),
});
export type ActivityManagerUpdate = z.infer<typeof activityManagerUpdate>;

/** The identity the activity's official messages (robot and host comments) are posted under. */
export const officialUser = z.object({
  id: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  role: z.literal('official'),
});
export type OfficialUser = z.infer<typeof officialUser>;

export const subscriberQuery = pageQuery(SUBSCRIBER_PAGE_SIZE);
/**
 * GET /v3/activity/{id}/subscribe: the mobiles subscribed on the watch page to the activity's start reminder, newest
 * first, with when each subscribed and when its reminder was sent (null: not yet).
 */
export const subscriberList = listOf(
  z.object({ mobile: z.string(), subscribedAt: isoDateTime, remindedAt: isoDateTime.nullable() }),
);
export type SubscriberList = z.infer<typeof subscriberList>;

// ---------------------------------------------------------------------------------------------------------------
// SMS usage (GET /agent/{id}/sms)

export const smsRecordQuery = pageQuery(SMS_RECORD_PAGE_SIZE);
export const smsUsage = z.object({
  /** The resource: messages the plan includes, used and remaining. */
  resource: z.object({ total: z.number().int(), used: z.number().int(), remaining: z.number().int() }),
  byPurpose: z.record(z.string(), z.number().int()),
  items: z.array(
    z.object({
      id: z.number().int(),
      mobile: z.string(),
      purpose: z.string(),
      status: z.enum(['sent', 'used', 'expired']),
      createdAt: isoDateTime,
    }),
  ),
  pager,
});
export type SmsUsage = z.infer<typeof smsUsage>;

export const activitySettingsCalls = defineCalls('activity-settings', {
  getMenu: {
    method: 'GET',
    path: '/activity/:id/menu',
    summary: 'The viewing page’s menu: its intro tabs',
    access: 'signedIn',
    params: idParams,
    response: activityMenu,
  },
  saveMenu: {
    method: 'PUT',
    path: '/activity/:id/menu',
    summary: 'Replace the viewing page’s menu',
    access: 'signedIn',
    params: idParams,
    body: activityMenu,
    response: activityMenu,
  },
  listSubscribers: {
    method: 'GET',
    path: '/v3/activity/:id/subscribe',
    summary: 'The mobiles subscribed to the activity’s reminders, a page at a time',
    access: 'signedIn',
    params: idParams,
    query: subscriberQuery,
    response: subscriberList,
  },
  getWatchCode: {
    method: 'GET',
    path: '/activity/:id/watchcode',
    summary: 'The watch code viewers enter before the page plays',
    access: 'signedIn',
    params: idParams,
    response: watchCode,
  },
  updateWatchCode: {
    method: 'PUT',
    path: '/activity/:id/watchcode',
    summary: 'Turn the watch code on or off, or set it (enabling without one makes a random code)',
    access: 'signedIn',
    params: idParams,
    body: watchCodeUpdate,
    response: watchCode,
  },
  refreshWatchCode: {
    method: 'POST',
    path: '/activity/:id/watchcode/refresh',
    summary: 'Replace the watch code with a new random one',
    access: 'signedIn',
    params: idParams,
    response: watchCode,
  },
  getShareCard: {
    method: 'GET',
    path: '/activity/:id/shareCard',
    summary: 'What a shared link of the activity shows',
    access: 'signedIn',
    params: idParams,
    response: shareCard,
  },
  updateShareCard: {
    method: 'PUT',
    path: '/activity/:id/shareCard',
    summary: 'Change the share card (the fields given)',
    access: 'signedIn',
    params: idParams,
    body: shareCardUpdate,
    response: shareCard,
  },
  getInvitation: {
    method: 'GET',
    path: '/activity/:id/invitation',
    summary: 'The invitation card viewers share to invite others',
    access: 'signedIn',
    params: idParams,
    response: invitation,
  },
  updateInvitation: {
    method: 'PUT',
    path: '/activity/:id/invitation',
    summary: 'Change the invitation card (the fields given)',
    access: 'signedIn',
    params: idParams,
    body: invitationUpdate,
    response: invitation,
  },
  getManager: {
    method: 'GET',
    path: '/activity/:id/manager',
    summary: 'The activity manager shown on the page',
    access: 'signedIn',
    params: idParams,
    response: activityManager,
  },
  updateManager: {
    method: 'PUT',
    path: '/activity/:id/manager',
    summary: 'Set the activity manager’s avatar and nickname',
    access: 'signedIn',
    params: idParams,
    body: activityManagerUpdate,
    response: activityManager,
  },
  getOfficialUser: {
    method: 'GET',
    path: '/activity/:id/official-user',
    summary: 'The identity the activity’s official messages are posted under',
    access: 'signedIn',
    params: idParams,
    response: officialUser,
  },
  getSmsUsage: {
    method: 'GET',
    path: '/agent/:id/sms',
    summary: 'The agent’s SMS allowance and the messages sent to its mobile, a page at a time',
    access: 'signedIn',
    params: agentIdParams,
    query: smsRecordQuery,
    response: smsUsage,
  },
});
