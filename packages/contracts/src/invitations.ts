import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, pageQuery } from './common.ts';

// Invitation cards and the top-share ranking (seed 001 §3 "Audience user" invitedBy, §7 "Statistics and exports",
// §9; issue 10). A viewer (the watch page's anonymous viewer id) opens its personal invitation card, whose link carries
// `invitedBy=<its viewer id>`; a viewer arriving by that link is recorded as its invitee, once per activity. The
// console ranks the inviters by the viewers they brought (top share) and lists who invited whom.

export const INVITATION_ERRORS = {
  invitationDisabled: 'Invitation Card Not Enabled',
  viewerNotFound: 'Viewer Not Found',
} as const;

/**
 * Seed 001 §9: top share (and top gift) show 10, the ranks go to 100 (the full ranking is its first 100, one page by
 * default); the inviter list loads 100.
 */
export const TOP_SHARE_LIMIT = 10;
export const TOP_RANK_PAGE_SIZE = 100;
export const TOP_SHARE_RANKS = 100;
export const INVITEE_PAGE_SIZE = 100;
/** The query parameter of an invitation link: the inviter's viewer id. */
export const INVITED_BY_PARAM = 'invitedBy';

/** A watch-page viewer id (the viewer cookie's value). */
export const viewerIdValue = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid viewer id');

/**
 * Who invited whom, as the rule says (issue 10): an invitation counts when it names another viewer (never oneself).
 * Once per invitee per activity and "only real viewers" (the inviter opened its card on this activity) are the
 * database's to hold; this is the part a page and the server both decide before asking.
 */
export function invitationCounts(inviteeId: string, invitedBy: string | undefined | null): invitedBy is string {
  return !!invitedBy && invitedBy !== inviteeId && viewerIdValue.safeParse(invitedBy).success;
}

/** The link a card carries: the watch page's address with the inviter's id. */
export function invitationLink(watchUrl: string, inviterId: string): string {
  const url = new URL(watchUrl);
  url.searchParams.set(INVITED_BY_PARAM, inviterId);
  return url.toString();
}

// ---------------------------------------------------------------------------------------------------------------
// The viewer's card (public, the watch page)

/** POST /api/watch/{id}/invitation/card: the viewer's nickname as its card shows it. */
export const invitationCardInput = z.object({
  nickname: z.string().trim().min(1, 'Nickname is required').max(20, 'Nickname must be at most 20 characters'),
});
export type InvitationCardInput = z.infer<typeof invitationCardInput>;

/** The viewer's personal card: the organiser's texts and pictures, and the inviter it names. */
export const invitationCard = z.object({
  title: z.string(),
  description: z.string(),
  backgroundImg: z.string(),
  cover: z.string(),
  /** Empty when the organiser hides the inviter's name. */
  inviterName: z.string(),
  inviterId: z.string(),
  /** How many viewers came by this viewer's link. */
  invitees: z.number().int(),
});
export type InvitationCard = z.infer<typeof invitationCard>;

// ---------------------------------------------------------------------------------------------------------------
// Rankings and lists

export const topShareEntry = z.object({
  rank: z.number().int(),
  inviterId: z.string(),
  nickname: z.string(),
  /** The viewers it brought; seed 001 §7: "The talent list sorts by guestCount descending". */
  guestCount: z.number().int(),
  lastInvitedAt: isoDateTime.nullable(),
});
export type TopShareEntry = z.infer<typeof topShareEntry>;
/** GET /v3/activity/{id}/top-share (and /guest): the 10 viewers who brought the most viewers. */
export const topShareList = z.object({ items: z.array(topShareEntry) });
export type TopShareList = z.infer<typeof topShareList>;

/** GET /activity/{id}/stats/top/share: the ranking's first 100 ranks, 100 a page. */
export const topShareRankQuery = pageQuery(TOP_RANK_PAGE_SIZE).extend({
  /** csv: the ranking's top 100 as a file (seed 001 §7 …/stats/top/share?format=csv). */
  format: z.enum(['csv']).optional(),
});
export const topShareRanks = listOf(topShareEntry);
export type TopShareRanks = z.infer<typeof topShareRanks>;

export const inviteeQuery = pageQuery(INVITEE_PAGE_SIZE).extend({
  /** Only the viewers this inviter brought. */
  invitedBy: viewerIdValue.optional(),
});
export const invitee = z.object({
  inviteeId: z.string(),
  inviterId: z.string(),
  inviterNickname: z.string(),
  invitedAt: isoDateTime,
});
export type Invitee = z.infer<typeof invitee>;
/** GET /v3/activity/{id}/invitee: who invited whom, newest first. */
export const inviteeList = listOf(invitee);
export type InviteeList = z.infer<typeof inviteeList>;

export const topPromotionEntry = z.object({
  rank: z.number().int(),
  sign: z.string(),
  name: z.string(),
  visits: z.number().int(),
});
/** GET /v3/activity/{id}/top-promotion: the ditches (promotion channels) that brought the most visits, 10. */
export const topPromotionList = z.object({ items: z.array(topPromotionEntry) });
export type TopPromotionList = z.infer<typeof topPromotionList>;

export const invitationCalls = defineCalls('invitations', {
  openInvitationCard: {
    method: 'POST',
    path: '/watch/:id/invitation/card',
    summary: 'The viewer’s personal invitation card, its link naming the viewer as the inviter',
    access: 'public',
    params: z.object({ id }),
    body: invitationCardInput,
    response: invitationCard,
  },
  listTopShare: {
    method: 'GET',
    path: '/v3/activity/:id/top-share',
    summary: 'The 10 viewers who brought the most viewers by their invitation links',
    access: 'signedIn',
    params: idParams,
    response: topShareList,
  },
  listGuestTopShare: {
    method: 'GET',
    path: '/v3/activity/:id/top-share/guest',
    summary: 'The top-share ranking as the watch page’s rank tab shows it to guests',
    access: 'public',
    params: idParams,
    response: topShareList,
  },
  listTopPromotion: {
    method: 'GET',
    path: '/v3/activity/:id/top-promotion',
    summary: 'The 10 promotion channels (ditches) that brought the most visits',
    access: 'signedIn',
    params: idParams,
    response: topPromotionList,
  },
  listInvitees: {
    method: 'GET',
    path: '/v3/activity/:id/invitee',
    summary: 'Who invited whom, newest first; one inviter’s invitees with invitedBy',
    access: 'signedIn',
    params: idParams,
    query: inviteeQuery,
    response: inviteeList,
  },
  listTopShareRanks: {
    method: 'GET',
    path: '/activity/:id/stats/top/share',
    summary: 'The top-share ranking to rank 100, 100 a page',
    access: 'signedIn',
    params: idParams,
    query: topShareRankQuery,
    response: topShareRanks,
    // Its csv format is a download, opened as a link with the export token.
    download: true,
  },
});
