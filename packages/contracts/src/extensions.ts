import { z } from 'zod';
import { defineCalls } from './call.ts';
import { isoDateTime } from './common.ts';

// Extensions the server knows: each has a settings schema (its defaults are what an activity starts with) and the
// actions it declares. Settings are kept per activity (GET/POST /v3/activity/{id}/extension/{identity}).

export const EXTENSION_ERRORS = {
  extensionNotFound: 'Extension Not Found',
  actionNotFound: 'Extension Action Not Found',
} as const;

const title = z.string().trim().max(30, 'Title must be at most 30 characters');

export const lotterySettings = z.strictObject({
  title: title.default(''),
  prizeName: z.string().trim().max(30, 'Prize name must be at most 30 characters').default(''),
  winnerCount: z.number().int().min(1).max(100).default(1),
  /** Who is in the draw (rewards.ts LOTTERY_RULES): real viewers online now, or those who commented. */
  rule: z.enum(['online', 'commented']).default('online'),
  allowRepeatWinners: z.boolean().default(false),
  requireMobile: z.boolean().default(false),
});

export const questionnaireQuestion = z.strictObject({
  title: z.string().trim().min(1, 'Question is required').max(100),
  type: z.enum(['single', 'multiple', 'text']),
  options: z.array(z.string().trim().min(1).max(50)).max(20).default([]),
  required: z.boolean().default(false),
});
export const questionnaireSettings = z.strictObject({
  title: title.default(''),
  questions: z.array(questionnaireQuestion).max(50, 'At most 50 questions').default([]),
  isAnonymous: z.boolean().default(false),
});

export const signInSettings = z.strictObject({
  title: title.default(''),
  durationSeconds: z.number().int().min(10).max(3600).default(60),
  requireMobile: z.boolean().default(false),
});

/** enable and disable switch it on the watch page; reset restores the defaults and switches it off. */
export const EXTENSION_ACTIONS = ['enable', 'disable', 'reset'] as const;
export type ExtensionAction = (typeof EXTENSION_ACTIONS)[number];

export const EXTENSIONS = {
  lottery: { settings: lotterySettings, actions: EXTENSION_ACTIONS },
  questionnaire: { settings: questionnaireSettings, actions: EXTENSION_ACTIONS },
  'sign-in': { settings: signInSettings, actions: EXTENSION_ACTIONS },
} as const;
export type ExtensionIdentity = keyof typeof EXTENSIONS;
export const EXTENSION_IDENTITIES = Object.keys(EXTENSIONS) as ExtensionIdentity[];

export function isExtensionIdentity(value: string): value is ExtensionIdentity {
  return Object.hasOwn(EXTENSIONS, value);
}

export const extensionParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  identity: z.string().max(50),
});
export const extensionActionParams = extensionParams.extend({ action: z.string().max(50) });

/** POST settings: any subset of the extension's fields, merged with what is stored and checked by its schema. */
export const extensionSettingsBody = z.record(z.string(), z.unknown());

export const extensionState = z.object({
  identity: z.string(),
  activityId: z.number().int(),
  enabled: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  actions: z.array(z.string()),
  updatedAt: isoDateTime.nullable(),
});
export type ExtensionState = z.infer<typeof extensionState>;

export const extensionCalls = defineCalls('extensions', {
  getExtension: {
    method: 'GET',
    path: '/v3/activity/:id/extension/:identity',
    summary: 'An extension’s settings and switch for an activity',
    access: 'signedIn',
    params: extensionParams,
    response: extensionState,
  },
  saveExtensionSettings: {
    method: 'POST',
    path: '/v3/activity/:id/extension/:identity',
    summary: 'Change some of an extension’s settings for an activity',
    access: 'signedIn',
    params: extensionParams,
    body: extensionSettingsBody,
    response: extensionState,
  },
  runExtensionAction: {
    method: 'POST',
    path: '/v3/activity/:id/extension/:identity/:action',
    summary: 'Switch an extension on or off for an activity, or reset it',
    access: 'signedIn',
    params: extensionActionParams,
    response: extensionState,
  },
  // The same settings through the extension proxy's path (seed 001 §7 "Extensions").
  getProxiedExtensionSettings: {
    method: 'GET',
    path: '/ext-proxy/:identity/activity/:id/setting',
    summary: 'An extension’s settings for an activity, through the extension proxy',
    access: 'signedIn',
    params: extensionParams,
    response: extensionState,
  },
  saveProxiedExtensionSettings: {
    method: 'POST',
    path: '/ext-proxy/:identity/activity/:id/setting',
    summary: 'Change some of an extension’s settings for an activity, through the extension proxy',
    access: 'signedIn',
    params: extensionParams,
    body: extensionSettingsBody,
    response: extensionState,
  },
});
