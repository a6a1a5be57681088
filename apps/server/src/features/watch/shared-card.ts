import { DEFAULT_IMAGE_TEMPLATE } from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import { imageTemplateOf } from '../branding/index.ts';
import { getWatchPage, publicActivity } from './watch-service.ts';

// What a shared link of an activity's page shows, the same wherever it is shown: the og: tags of the page's head and
// the card WeChat's share menu takes from the JS-SDK.

/**
 * The activity's share card with its fallbacks: the card's title, else the activity's name; its description, else an
 * invitation to watch; its picture, else the activity's cover, else the page's, else the agent's own logo (not the
 * product's). The picture is as stored: an upload's path or an address.
 */
export async function sharedCard(ctx: AppContext, activityId: number) {
  const activity = await publicActivity(ctx.db, activityId);
  const [page, brand] = await Promise.all([
    getWatchPage(ctx, activityId, {}),
    imageTemplateOf(ctx.db, activity.agentId),
  ]);
  const card = page.shareCard;
  const logo = brand.logo !== DEFAULT_IMAGE_TEMPLATE.logo ? brand.logo : '';
  return {
    activity,
    page,
    brand,
    title: card.title || page.activity.name,
    description: card.description || `点击观看「${page.activity.name}」直播`,
    picture: card.image || page.activity.cover || page.template.imgCover || logo,
  };
}

/** The picture's absolute address against the page's, or '' (none, or not an address at all). */
export function absolutePicture(picture: string, pageUrl: string): string {
  if (!picture) return '';
  try {
    return new URL(picture, pageUrl).toString();
  } catch {
    return '';
  }
}
