import { z } from 'zod';
import { agentIdParams } from './account.ts';
import { defineCalls } from './call.ts';
import { id, isoDateTime, listOf, ok, pageQuery } from './common.ts';
import { DITCH_PAGE_SIZE, WATCH_PATH } from './constants.ts';

// Ditches (promotion channels, seed 001 §3): named channels an agent hands out; each is identified by its sign, and a
// share link carrying the sign lets the statistics tell where viewers came from.

export const DITCH_ERRORS = { ditchNotFound: 'Ditch Not Found' } as const;

/** Signs are made by the server: url-safe, unique per agent. */
export const ditchSign = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'Invalid sign');

/** The share link of an activity through a ditch. */
export function ditchLink(activityId: number, sign: string): string {
  return `${WATCH_PATH}/${activityId}?ditch=${encodeURIComponent(sign)}`;
}

export const ditch = z.object({
  id: z.number().int(),
  name: z.string(),
  sign: z.string(),
  activityId: z.number().int().nullable(),
  /** ditchLink of its activity (or of the list's activityId); null when neither is known. */
  link: z.string().nullable(),
  /** Watch-page visits through its links (for the list's activityId only, when one is given). */
  visitCount: z.number().int(),
  createdAt: isoDateTime,
});
export type Ditch = z.infer<typeof ditch>;
export const ditchList = listOf(ditch);
export type DitchList = z.infer<typeof ditchList>;

/** GET /agent/{id}/promotion-channel: page 1, size 10 (seed 001 §4); activityId lists the ditches usable for it. */
export const ditchListQuery = pageQuery(DITCH_PAGE_SIZE).extend({
  name: z.string().trim().max(30).optional(),
  activityId: id.optional(),
});
export type DitchListQuery = z.infer<typeof ditchListQuery>;

const ditchName = z.string().trim().min(1, 'Name is required').max(30, 'Name must be at most 30 characters');
export const ditchInput = z.object({ name: ditchName, activityId: id.nullable().default(null) });
export type DitchInput = z.infer<typeof ditchInput>;
export const ditchUpdate = z.object({ name: ditchName.optional(), activityId: id.nullable().optional() });
export type DitchUpdate = z.infer<typeof ditchUpdate>;
export const ditchParams = z.object({ id, sign: ditchSign });

export const ditchCalls = defineCalls('ditches', {
  listDitches: {
    method: 'GET',
    path: '/agent/:id/promotion-channel',
    summary: 'The agent’s ditches, page by page, optionally those usable for one activity',
    access: 'signedIn',
    params: agentIdParams,
    query: ditchListQuery,
    response: ditchList,
  },
  createDitch: {
    method: 'POST',
    path: '/agent/:id/promotion-channel',
    summary: 'Create a ditch; the server makes its sign',
    access: 'signedIn',
    params: agentIdParams,
    body: ditchInput,
    response: ditch,
  },
  updateDitch: {
    method: 'PUT',
    path: '/agent/:id/promotion-channel/:sign',
    summary: 'Rename a ditch or bind it to another activity',
    access: 'signedIn',
    params: ditchParams,
    body: ditchUpdate,
    response: ditch,
  },
  deleteDitch: {
    method: 'DELETE',
    path: '/agent/:id/promotion-channel/:sign',
    summary: 'Delete a ditch',
    access: 'signedIn',
    params: ditchParams,
    response: ok,
  },
});
