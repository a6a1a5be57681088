import {
  EXTENSION_ERRORS,
  EXTENSIONS,
  type ExtensionAction,
  type ExtensionIdentity,
  type ExtensionState,
  isExtensionIdentity,
} from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { ownActivity } from '../../platform/tenancy.ts';

// Extension settings per activity: what is stored is merged over the extension's defaults and checked by its schema
// (packages/contracts/src/extensions.ts), so an activity that never touched an extension reads its defaults.

function extensionOf(identity: string) {
  if (!isExtensionIdentity(identity)) throw notFound(EXTENSION_ERRORS.extensionNotFound);
  return { identity, ...EXTENSIONS[identity] };
}

function parseSettings(identity: ExtensionIdentity, value: Record<string, unknown>): Record<string, unknown> {
  const parsed = EXTENSIONS[identity].settings.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.code === 'unrecognized_keys' ? issue.keys[0] : issue?.path.map(String).join('.');
  throw invalidField(
    field || 'settings',
    issue?.code === 'unrecognized_keys' ? 'Unknown field' : (issue?.message ?? 'Invalid'),
  );
}

async function readState(db: Db, activityId: number, identity: ExtensionIdentity): Promise<ExtensionState> {
  const row = await db
    .selectFrom('activityExtensions')
    .select(['enabled', 'settings', 'updatedAt'])
    .where('activityId', '=', activityId)
    .where('identity', '=', identity)
    .executeTakeFirst();
  const defaults = EXTENSIONS[identity].settings.parse({});
  const stored = EXTENSIONS[identity].settings.safeParse({ ...defaults, ...(row?.settings ?? {}) });
  return {
    identity,
    activityId,
    enabled: row?.enabled ?? false,
    settings: stored.success ? stored.data : defaults,
    actions: [...EXTENSIONS[identity].actions],
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

async function writeState(
  db: Db,
  caller: Caller,
  activityId: number,
  identity: ExtensionIdentity,
  values: { enabled: boolean; settings: Record<string, unknown> },
) {
  const settings = JSON.stringify(values.settings);
  await db
    .insertInto('activityExtensions')
    .values({ activityId, identity, agentId: caller.agentId, enabled: values.enabled, settings })
    .onConflict((oc) =>
      oc.columns(['activityId', 'identity']).doUpdateSet({ enabled: values.enabled, settings, updatedAt: new Date() }),
    )
    .execute();
  return readState(db, activityId, identity);
}

export async function getExtension(db: Db, caller: Caller, activityId: number, identity: string) {
  await ownActivity(db, caller, activityId);
  return readState(db, activityId, extensionOf(identity).identity);
}

/** Saves any subset of the extension's settings, merged with what is stored. */
export async function saveExtensionSettings(
  db: Db,
  caller: Caller,
  activityId: number,
  identity: string,
  body: Record<string, unknown>,
) {
  await ownActivity(db, caller, activityId);
  const extension = extensionOf(identity);
  const current = await readState(db, activityId, extension.identity);
  const settings = parseSettings(extension.identity, { ...current.settings, ...body });
  return writeState(db, caller, activityId, extension.identity, { enabled: current.enabled, settings });
}

export async function runExtensionAction(db: Db, caller: Caller, activityId: number, identity: string, action: string) {
  await ownActivity(db, caller, activityId);
  const extension = extensionOf(identity);
  if (!(extension.actions as readonly string[]).includes(action)) throw notFound(EXTENSION_ERRORS.actionNotFound);
  const current = await readState(db, activityId, extension.identity);
  switch (action as ExtensionAction) {
    case 'enable':
      return writeState(db, caller, activityId, extension.identity, { enabled: true, settings: current.settings });
    case 'disable':
      return writeState(db, caller, activityId, extension.identity, { enabled: false, settings: current.settings });
    case 'reset':
      return writeState(db, caller, activityId, extension.identity, {
        enabled: false,
        settings: extension.settings.parse({}),
      });
  }
}
