import {
  DEFAULT_LIVE_TEMPLATE,
  type LiveTemplate,
  type LiveTemplateUpdate,
  liveTemplate,
  PAGE_TEMPLATE_ERRORS,
  padLiveTemplatePaths,
} from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { readActivitySection, writeActivitySection } from '../../platform/settings-store.ts';
import { ownActivity, scopeActivities } from '../../platform/tenancy.ts';
import { templateActivityFor } from '../branding/index.ts';
import { checkTabReferences } from './template-references.ts';

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

/**
 * PUT /activity/{id}/template (and the menu, which is its intro tabs: `tabsField` names where the body holds them). The
 * lists and products the tabs newly name are checked first (template-references.ts).
 */
export async function saveTemplate(
  db: Db,
  caller: Caller,
  activityId: number,
  update: LiveTemplateUpdate,
  tabsField = 'introTabs',
): Promise<LiveTemplate> {
  await ownActivity(db, caller, activityId);
  const current = await readTemplate(db, activityId);
  if (update.introTabs) {
    await checkTabReferences(db, caller, activityId, update.introTabs, current.introTabs, tabsField);
  }
  const { commentStyleCustomized, ...rest } = update;
  const saved = await writeTemplate(db, caller, activityId, {
    ...current,
    ...rest,
    commentStyleCustomized: { ...current.commentStyleCustomized, ...commentStyleCustomized },
  });
  // 预约提醒手机号 typed here subscribe those mobiles to the start reminder, as a viewer's 预约 does (one row each).
  const mobiles = [...new Set(rest.subscribedMobileList ?? [])];
  if (mobiles.length > 0) {
    await db
      .insertInto('activitySubscribers')
      .values(mobiles.map((mobile) => ({ activityId, agentId: caller.agentId, mobile })))
      .onConflict((oc) => oc.columns(['activityId', 'mobile']).doNothing())
      .execute();
  }
  return saved;
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
  if (!previous) throw notFound(PAGE_TEMPLATE_ERRORS.previousActivityNotFound);
  return writeTemplate(db, caller, activityId, await readTemplate(db, previous.id));
}
