import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, isoDateTime } from './common.ts';

/** The agent's image template: the console's page icon, logo and title (GET /agent/activity/template). */
export const imageTemplate = z.object({
  favicon: z.string(),
  logo: z.string(),
  title: z.string(),
  /** Profile fields the agent's audience is asked for (userProfilePermission, from the global template). */
  userProfilePermission: z.array(z.string()),
});
export type ImageTemplate = z.infer<typeof imageTemplate>;

/**
 * What an agent that has customised nothing gets: the product's own icon, logo and name. A field the agent has not
 * set is stored empty and answered with these, so a later change of the product default reaches every such agent.
 */
export const DEFAULT_IMAGE_TEMPLATE = {
  favicon: '/favicon.svg',
  logo: '/favicon.svg',
  title: '演播 · 直播活动管理平台',
  userProfilePermission: ['nickname', 'avatar'],
} as const satisfies ImageTemplate;

/** Custom info (GET /v3/agent/customized-info): what the agent has customised, for the console to adapt to. */
export const customizedInfo = z.object({
  host: z.string(),
  brandName: z.string(),
  isWechatLoginCustomized: z.boolean(),
  isWechatTemplateCustomized: z.boolean(),
  /** The activity new activities take their viewing page from (POST /v3/agent/template-activity). */
  templateActivity: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type CustomizedInfo = z.infer<typeof customizedInfo>;

// ---------------------------------------------------------------------------------------------------------------
// Settings (seed 000 §3, §7 Branding; seed 001 §4, §5, §6): the image template, the login-page template of the
// agent's custom host, the customisation config with its secrets, the official account, promotion and the template
// activity.

export const BRANDING_ERRORS = {
  hostTaken: 'Host already used by another agent',
  hostRequired: 'host: Set a custom host first',
  payPfxInvalid: 'payPfx is not a PKCS#12 file',
  payPfxTooLarge: 'payPfx is larger than 64 KB',
  appSecretRequired: 'appSecret is required',
} as const;

/**
 * The global template's profile fields (seed 001 §6: "A userProfilePermission set comes from the global template"):
 * what an agent may ask its audience for. An agent's setting is a subset of these.
 */
export const USER_PROFILE_FIELDS = [
  'nickname',
  'avatar',
  'mobile',
  'name',
  'gender',
  'company',
  'position',
  'email',
  'address',
  'birthday',
] as const;
export type UserProfileField = (typeof USER_PROFILE_FIELDS)[number];

export const userProfilePermission = z
  .array(z.enum(USER_PROFILE_FIELDS))
  .max(USER_PROFILE_FIELDS.length)
  .refine((fields) => new Set(fields).size === fields.length, 'Fields must not repeat');

/** An image or page address: a site path (an upload) or an http(s) URL; '' puts the product's default back. */
export const assetUrl = z
  .string()
  .trim()
  .max(500, 'At most 500 characters')
  .regex(/^(|\/[^\s]*|https?:\/\/[^\s]+)$/, 'Must be a site path or an http(s) URL');

/** PUT /agent/activity/template: what is given changes, the rest stays. */
export const imageTemplateUpdate = z.object({
  favicon: assetUrl.optional(),
  logo: assetUrl.optional(),
  title: z.string().trim().max(40, 'At most 40 characters').optional(),
  userProfilePermission: userProfilePermission.optional(),
});
export type ImageTemplateUpdate = z.infer<typeof imageTemplateUpdate>;

/** PATCH /v3/agent/user-profile/setting. */
export const userProfileSetting = z.object({ userProfilePermission });
export type UserProfileSetting = z.infer<typeof userProfileSetting>;

export const hexColor = z
  .string()
  .trim()
  .regex(/^(|#[0-9a-fA-F]{6})$/, 'Must be a colour like #1677ff');

/** The login page on the agent's custom host; an empty field means the product's own. */
export const loginTemplate = z.object({
  title: z.string(),
  slogan: z.string(),
  logo: z.string(),
  background: z.string(),
  primaryColor: z.string(),
});
export type LoginTemplate = z.infer<typeof loginTemplate>;

export const loginTemplateUpdate = z.object({
  title: z.string().trim().max(30, 'At most 30 characters').optional(),
  slogan: z.string().trim().max(60, 'At most 60 characters').optional(),
  logo: assetUrl.optional(),
  background: assetUrl.optional(),
  primaryColor: hexColor.optional(),
});
export type LoginTemplateUpdate = z.infer<typeof loginTemplateUpdate>;

/** A host name as a browser sends it (no scheme, port or path), lower-cased. */
export const hostname = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'At most 253 characters')
  .regex(
    /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'Must be a host name like live.example.com',
  );

/** GET /agent/template/public?host=: the login page asks which agent's template its host shows (no sign-in). */
export const publicLoginTemplateQuery = z.object({ host: hostname });
export const publicLoginTemplate = loginTemplate.extend({ customized: z.boolean() });
export type PublicLoginTemplate = z.infer<typeof publicLoginTemplate>;

/** The sections of the customisation form, in the order a save's first field name picks them (seed 001 §5). */
export const CUSTOMIZATION_SECTIONS = ['host', 'apiAppId', 'payPfx', 'data'] as const;
export type CustomizationSection = (typeof CUSTOMIZATION_SECTIONS)[number];

/** The section a save's result or error goes to: the first field name of its body that names one. */
export function customizationSection(body: object): CustomizationSection | null {
  for (const key of Object.keys(body)) {
    const section = key === 'apiAppSecret' ? 'apiAppId' : key === 'payPfxName' ? 'payPfx' : key;
    if ((CUSTOMIZATION_SECTIONS as readonly string[]).includes(section)) return section as CustomizationSection;
  }
  return null;
}

/** A PKCS#12 file (the payment certificate) is at most this large. */
export const PAY_PFX_MAX_BYTES = 64 * 1024;

/**
 * The DNS TXT record that proves an agent controls its custom host (issue 8): its name and value; the host restyles
 * /login only once POST /agent/customization/host/verify has found it.
 */
export const hostVerification = z.object({ name: z.string(), value: z.string() });
export type HostVerification = z.infer<typeof hostVerification>;

/** GET /agent/customization: secrets are write-only, so only whether each is set comes back. */
export const customization = z.object({
  host: z.string(),
  /** The host's control was proved in DNS (已验证); until then it does not restyle /login (待验证). */
  hostVerified: z.boolean(),
  /** The record to add for the host, or null with no host. */
  hostVerification: hostVerification.nullable(),
  apiAppId: z.string(),
  apiAppSecretSet: z.boolean(),
  payPfxSet: z.boolean(),
  payPfxName: z.string(),
  payPfxBytes: z.number().int(),
  data: z.object({ wechatPrivateTemplateId: z.string() }),
  isWechatLoginCustomized: z.boolean(),
  isWechatTemplateCustomized: z.boolean(),
});
export type Customization = z.infer<typeof customization>;

const wechatAppId = z
  .string()
  .trim()
  .regex(/^wx[0-9a-f]{16}$/, 'Must be an AppID like wx0123456789abcdef');
const wechatSecret = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z]{16,64}$/, 'Must be 16 to 64 letters or digits');

/** PUT /agent/customization: one section at a time; a secret left out is kept, '' clears a field. */
export const customizationUpdate = z.object({
  host: z.union([z.literal(''), hostname]).optional(),
  apiAppId: z.union([z.literal(''), wechatAppId]).optional(),
  apiAppSecret: wechatSecret.optional(),
  /** The certificate file, base64; '' removes it. */
  payPfx: z
    .string()
    .trim()
    .max(Math.ceil(PAY_PFX_MAX_BYTES / 3) * 4 + 4, BRANDING_ERRORS.payPfxTooLarge)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Must be base64')
    .optional(),
  payPfxName: z.string().trim().max(100).optional(),
  data: z
    .object({
      wechatPrivateTemplateId: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{0,64}$/, 'Must be up to 64 letters, digits, - or _'),
    })
    .optional(),
});
export type CustomizationUpdate = z.infer<typeof customizationUpdate>;

/** GET /wechat/auth: whether the agent's official account is authorised on the messaging platform. */
export const wechatAuth = z.object({
  authorized: z.boolean(),
  appId: z.string(),
  name: z.string(),
  authorizedAt: isoDateTime.nullable(),
});
export type WechatAuth = z.infer<typeof wechatAuth>;

/** PUT /agent/wechat-offical-customization (path spelled as given): the agent's own official account. */
export const wechatOfficialCustomization = z.object({
  appId: wechatAppId,
  appSecret: wechatSecret.optional(),
  name: z.string().trim().min(1, 'Name is required').max(30, 'At most 30 characters'),
});
export type WechatOfficialCustomization = z.infer<typeof wechatOfficialCustomization>;

/** The sign-up path a promotion link opens; ?promoter= carries the promoting agent's code. */
export const PROMOTE_SIGNUP_PATH = '/signup';

/** GET /v3/promote: the agent's promotion code, its sign-up link, and how many agents signed up through it. */
export const promoteInfo = z.object({ code: z.string(), link: z.string(), invitedCount: z.number().int() });
export type PromoteInfo = z.infer<typeof promoteInfo>;

/** POST /v3/agent/template-activity: the activity new activities take their viewing page from; null clears. */
export const templateActivityBody = z.object({ activityId: id.nullable() });
export type TemplateActivityBody = z.infer<typeof templateActivityBody>;
export const templateActivity = z.object({ activity: customizedInfo.shape.templateActivity });
export type TemplateActivity = z.infer<typeof templateActivity>;

export const brandingCalls = defineCalls('branding', {
  getImageTemplate: {
    method: 'GET',
    path: '/agent/activity/template',
    summary: 'The image template: page icon, logo and title of the console',
    access: 'signedIn',
    response: imageTemplate,
  },
  updateImageTemplate: {
    method: 'PUT',
    path: '/agent/activity/template',
    summary: 'Change the image template',
    access: 'mainAccount',
    body: imageTemplateUpdate,
    response: imageTemplate,
  },
  updateUserProfileSetting: {
    method: 'PATCH',
    path: '/v3/agent/user-profile/setting',
    summary: 'Which profile fields viewers may fill in',
    access: 'mainAccount',
    body: userProfileSetting,
    response: imageTemplate,
  },
  getLoginTemplate: {
    method: 'GET',
    path: '/agent/template',
    summary: 'The login-page template shown on the agent’s custom host',
    access: 'signedIn',
    response: loginTemplate,
  },
  updateLoginTemplate: {
    method: 'PUT',
    path: '/agent/template',
    summary: 'Change the login-page template',
    access: 'mainAccount',
    body: loginTemplateUpdate,
    response: loginTemplate,
  },
  getPublicLoginTemplate: {
    method: 'GET',
    path: '/agent/template/public',
    summary: 'The login page of a host: its agent’s template once the host is verified, else the default',
    access: 'public',
    query: publicLoginTemplateQuery,
    response: publicLoginTemplate,
  },
  getCustomization: {
    method: 'GET',
    path: '/agent/customization',
    summary: 'Custom host, messaging app and payment settings (secrets never sent back)',
    access: 'signedIn',
    response: customization,
  },
  updateCustomization: {
    method: 'PUT',
    path: '/agent/customization',
    summary: 'Change the custom host, messaging app or payment settings',
    access: 'mainAccount',
    body: customizationUpdate,
    response: customization,
  },
  verifyCustomHost: {
    method: 'POST',
    path: '/agent/customization/host/verify',
    summary: 'Look up the custom host’s TXT record and mark the host verified when it matches',
    access: 'mainAccount',
    response: customization,
  },
  getCustomizedInfo: {
    method: 'GET',
    path: '/v3/agent/customized-info',
    summary: 'What the console customises for the agent: template activity and profile fields',
    access: 'signedIn',
    response: customizedInfo,
  },
  getWechatAuth: {
    method: 'GET',
    path: '/wechat/auth',
    summary: 'The WeChat official account the agent’s pages sign viewers in with',
    access: 'signedIn',
    response: wechatAuth,
  },
  updateWechatOfficial: {
    method: 'PUT',
    path: '/agent/wechat-offical-customization',
    summary: 'Set the WeChat official account (app id and secret)',
    access: 'mainAccount',
    body: wechatOfficialCustomization,
    response: wechatAuth,
  },
  getPromote: {
    method: 'GET',
    path: '/v3/promote',
    summary: 'The agent’s promotion code, sign-up link and how many signed up through it',
    access: 'signedIn',
    response: promoteInfo,
  },
  setTemplateActivity: {
    method: 'POST',
    path: '/v3/agent/template-activity',
    summary: 'The activity new activities copy their settings from',
    access: 'mainAccount',
    body: templateActivityBody,
    response: templateActivity,
  },
});
