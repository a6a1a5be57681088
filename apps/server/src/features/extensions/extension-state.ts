import {
  EXTENSION_ERRORS,
  EXTENSIONS,
  type ExtensionIdentity,
  type ExtensionState,
  isExtensionIdentity,
} from '@yanbo/contracts';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { invalidField, notFound } from '../../platform/errors.ts';

// Extension settings per activity: what is stored is merged over the extension's defaults and checked by its schema
// (packages/contracts/src/extensions.ts), so an activity that never touched an extension reads its defaults.

export function extensionOf(identity: string) {
  if (!isExtensionIdentity(identity)) throw notFound(EXTENSION_ERRORS.extensionNotFound);
  return { identity, ...EXTENSIONS[identity] };
}

export function parseSettings(identity: ExtensionIdentity, value: Record<string, unknown>): Record<string, unknown> {
  const parsed = EXTENSIONS[identity].settings.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.code === 'unrecognized_keys' ? issue.keys[0] : issue?.path.map(String).join('.');
  throw invalidField(
    field || 'settings',
    issue?.code === 'unrecognized_keys' ? 'Unknown field' : (issue?.message ?? 'Invalid'),
  );
}

export async function readState(db: Db, activityId: number, identity: ExtensionIdentity): Promise<ExtensionState> {
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

export async function writeState(
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

export type SettingsOf<I extends ExtensionIdentity> = z.output<(typeof EXTENSIONS)[I]['settings']>;

/** One extension's switch and its settings, typed, for the features that follow them (the check-ins, the viewers). */
export async function extensionSettings<I extends ExtensionIdentity>(
  db: Db,
  activityId: number,
  identity: I,
): Promise<{ enabled: boolean; settings: SettingsOf<I> }> {
  const state = await readState(db, activityId, identity);
  return { enabled: state.enabled, settings: state.settings as SettingsOf<I> };
}
