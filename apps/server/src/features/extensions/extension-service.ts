import {
  EXTENSION_ERRORS,
  type ExtensionAction,
  normaliseQuestionnaire,
  type QuestionnaireSettings,
  questionnaireSetupProblem,
} from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { extensionOf, parseSettings, readState, writeState } from './extension-state.ts';
import { announceQuestionnaire } from './questionnaire-service.ts';

// The console's calls on an extension: its settings (any subset, merged with what is stored), and its switch. The
// questionnaire's are what its viewers are offered (questionnaire-service.ts): a questionnaire switched on has sound
// questions, and the viewers hear each change of what they are offered.

/** A questionnaire's settings as stored: text questions without options, and sound when viewers are offered them. */
function checkedQuestionnaire(settings: Record<string, unknown>, offered: boolean): Record<string, unknown> {
  const normal = normaliseQuestionnaire(settings as QuestionnaireSettings);
  const problem = questionnaireSetupProblem(normal, offered);
  if (problem) throw invalidField(problem.field, problem.message);
  return normal;
}

function announce(
  ctx: AppContext,
  activityId: number,
  identity: string,
  before: { enabled: boolean; settings: Record<string, unknown> },
  after: { enabled: boolean; settings: Record<string, unknown> },
) {
  if (identity !== 'questionnaire') return;
  announceQuestionnaire(
    ctx,
    activityId,
    { enabled: before.enabled, settings: before.settings as QuestionnaireSettings },
    { enabled: after.enabled, settings: after.settings as QuestionnaireSettings },
  );
}

export async function getExtension(ctx: AppContext, caller: Caller, activityId: number, identity: string) {
  await ownActivity(ctx.db, caller, activityId);
  return readState(ctx.db, activityId, extensionOf(identity).identity);
}

/** Saves any subset of the extension's settings, merged with what is stored. */
export async function saveExtensionSettings(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  identity: string,
  body: Record<string, unknown>,
) {
  await ownActivity(ctx.db, caller, activityId);
  const extension = extensionOf(identity);
  const current = await readState(ctx.db, activityId, extension.identity);
  let settings = parseSettings(extension.identity, { ...current.settings, ...body });
  if (extension.identity === 'questionnaire') settings = checkedQuestionnaire(settings, current.enabled);
  const saved = await writeState(ctx.db, caller, activityId, extension.identity, {
    enabled: current.enabled,
    settings,
  });
  announce(ctx, activityId, extension.identity, current, saved);
  return saved;
}

export async function runExtensionAction(
  ctx: AppContext,
  caller: Caller,
  activityId: number,
  identity: string,
  action: string,
) {
  await ownActivity(ctx.db, caller, activityId);
  const extension = extensionOf(identity);
  if (!(extension.actions as readonly string[]).includes(action)) throw notFound(EXTENSION_ERRORS.actionNotFound);
  const current = await readState(ctx.db, activityId, extension.identity);
  let next: { enabled: boolean; settings: Record<string, unknown> };
  switch (action as ExtensionAction) {
    case 'enable':
      // Switching on a questionnaire viewers could not answer (no questions) would change nothing they see.
      next = {
        enabled: true,
        settings:
          extension.identity === 'questionnaire' ? checkedQuestionnaire(current.settings, true) : current.settings,
      };
      break;
    case 'disable':
      next = { enabled: false, settings: current.settings };
      break;
    case 'reset':
      next = { enabled: false, settings: extension.settings.parse({}) };
      break;
  }
  const saved = await writeState(ctx.db, caller, activityId, extension.identity, next);
  announce(ctx, activityId, extension.identity, current, saved);
  return saved;
}
