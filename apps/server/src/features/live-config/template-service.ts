import {
  type ActivityMenu,
  DEFAULT_LIVE_TEMPLATE,
  type IntroTab,
  LIVE_CONFIG_ERRORS,
  type LiveTemplate,
  type LiveTemplateUpdate,
  liveTemplate,
  padLiveTemplatePaths,
  type SubscriberList,
} from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { ownActivity, scopeActivities } from '../../platform/tenancy.ts';
import { templateActivityFor } from '../branding/branding-service.ts';
import { readActivitySection, writeActivitySection } from './settings-store.ts';

const defaults = (): LiveTemplate => structuredClone(DEFAULT_LIVE_TEMPLATE);

async function readTemplate(db: Db, activityId: number): Promise<LiveTemplate> {
  return (await readActivitySection(db, activityId, 'template', liveTemplate, defaults())).value;
}

/** Checks the whole template once more after merging and padding (the epilogue may have grown past its limit). */
function checked(template: LiveTemplate): LiveTemplate {
  const parsed = liveTemplate.safeParse(template);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalidField(issue?.path.map(String).join('.') ?? '', issue?.message ?? 'Invalid input');
}

async function writeTemplate(db: Db, caller: Caller, activityId: number, template: LiveTemplate) {
  return writeActivitySection(db, caller.agentId, activityId, 'template', checked(padLiveTemplatePaths(template)));
}

export async function getTemplate(db: Db, caller: Caller, activityId: number): Promise<LiveTemplate> {
  await ownActivity(db, caller, activityId);
  return readTemplate(db, activityId);
}

export async function saveTemplate(
  db: Db,
  caller: Caller,
  activityId: number,
  update: LiveTemplateUpdate,
): Promise<LiveTemplate> {
  await ownActivity(db, caller, activityId);
  const current = await readTemplate(db, activityId);
  const { commentStyleCustomized, ...rest } = update;
  return writeTemplate(db, caller, activityId, {
    ...current,
    ...rest,
    commentStyleCustomized: { ...current.commentStyleCustomized, ...commentStyleCustomized },
  });
}

/** POST /activity/{id}/inheritPrevTpl: the template of the caller's most recently created other activity. */
export async function inheritPreviousTemplate(db: Db, caller: Caller, activityId: number): Promise<LiveTemplate> {
  await ownActivity(db, caller, activityId);
  // The agent's template activity (POST /v3/agent/template-activity), when set, is what activities inherit from.
  const template = await templateActivityFor(db, caller);
  const previous =
    template !== null && template !== activityId
      ? { id: template }
      : await scopeActivities(db.selectFrom('activities').select('activities.id'), caller)
          .where('activities.id', '!=', activityId)
          .orderBy('activities.createdAt', 'desc')
          .orderBy('activities.id', 'desc')
          .limit(1)
          .executeTakeFirst();
  if (!previous) throw notFound(LIVE_CONFIG_ERRORS.previousActivityNotFound);
  return writeTemplate(db, caller, activityId, await readTemplate(db, previous.id));
}

/** The viewing page's menu is its intro tab list, kept in the template. */
export async function getMenu(db: Db, caller: Caller, activityId: number): Promise<ActivityMenu> {
  return { items: (await getTemplate(db, caller, activityId)).introTabs };
}

export async function saveMenu(db: Db, caller: Caller, activityId: number, items: IntroTab[]): Promise<ActivityMenu> {
  await ownActivity(db, caller, activityId);
  const current = await readTemplate(db, activityId);
  return { items: (await writeTemplate(db, caller, activityId, { ...current, introTabs: items })).introTabs };
}

/** GET /v3/activity/{id}/subscribe: the template's subscribed mobiles, a page at a time. */
export async function listSubscribers(
  db: Db,
  caller: Caller,
  activityId: number,
  query: { page: number; pageSize: number },
): Promise<SubscriberList> {
  const mobiles = (await getTemplate(db, caller, activityId)).subscribedMobileList;
  const start = (query.page - 1) * query.pageSize;
  return {
    items: mobiles.slice(start, start + query.pageSize).map((mobile) => ({ mobile })),
    pager: { page: query.page, pageSize: query.pageSize, total: mobiles.length },
  };
}
