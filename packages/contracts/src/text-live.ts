import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, ok, pageQuery } from './common.ts';
import { imagePath } from './page-template.ts';

// Text live (图文直播, the intro tab type textLive; issue 10): the organiser posts text and picture updates from the
// console during the event; viewers see them in the tab, newest first, and new ones arrive over the chat socket.

export const TEXT_LIVE_ERRORS = {
  postNotFound: 'Text Live Post Not Found',
  postEmpty: 'A post needs text or a picture',
} as const;

export const TEXT_LIVE_PAGE_SIZE = 20;
export const TEXT_LIVE_MAX_TEXT = 2000;
export const TEXT_LIVE_MAX_IMAGES = 9;

export const textLivePost = z.object({
  id: z.number().int(),
  text: z.string(),
  images: z.array(z.string()),
  createdAt: isoDateTime,
});
export type TextLivePost = z.infer<typeof textLivePost>;
export const textLivePostList = listOf(textLivePost);
export type TextLivePostList = z.infer<typeof textLivePostList>;

export const textLiveQuery = pageQuery(TEXT_LIVE_PAGE_SIZE);
export const textLivePostInput = z
  .object({
    text: z
      .string()
      .trim()
      .max(TEXT_LIVE_MAX_TEXT, `Text must be at most ${TEXT_LIVE_MAX_TEXT} characters`)
      .default(''),
    images: z
      .array(imagePath.refine((value) => value !== '', 'Picture address is required'))
      .max(TEXT_LIVE_MAX_IMAGES, `At most ${TEXT_LIVE_MAX_IMAGES} pictures`)
      .default([]),
  })
  .refine((post) => post.text !== '' || post.images.length > 0, {
    message: TEXT_LIVE_ERRORS.postEmpty,
    path: ['text'],
  });
export type TextLivePostInput = z.input<typeof textLivePostInput>;
export const textLivePostParams = z.object({ id, postId: id });

export const textLiveCalls = defineCalls('text-live', {
  listTextLivePosts: {
    method: 'GET',
    path: '/v3/activity/:id/text-live',
    summary: 'The activity’s text live posts, newest first',
    access: 'signedIn',
    params: idParams,
    query: textLiveQuery,
    response: textLivePostList,
  },
  createTextLivePost: {
    method: 'POST',
    path: '/v3/activity/:id/text-live',
    summary: 'Post a text live update (text and pictures); viewers get it at once',
    access: 'signedIn',
    params: idParams,
    body: textLivePostInput,
    response: textLivePost,
  },
  deleteTextLivePost: {
    method: 'DELETE',
    path: '/v3/activity/:id/text-live/:postId',
    summary: 'Delete a text live post; it leaves the viewers’ tab at once',
    access: 'signedIn',
    params: textLivePostParams,
    response: ok,
  },
  listWatchTextLivePosts: {
    method: 'GET',
    path: '/watch/:id/text-live',
    summary: 'The text live posts as the watch page’s tab shows them, newest first',
    access: 'public',
    params: z.object({ id }),
    query: textLiveQuery,
    response: textLivePostList,
  },
});
