import {
  BRANDING_ERRORS,
  type Customization,
  type CustomizationUpdate,
  type CustomizedInfo,
  customizationSection,
  DEFAULT_IMAGE_TEMPLATE,
  ERROR_CODES,
  type ImageTemplate,
  type ImageTemplateUpdate,
  type LoginTemplate,
  type LoginTemplateUpdate,
  PAY_PFX_MAX_BYTES,
  PROMOTE_SIGNUP_PATH,
  type PromoteInfo,
  type PublicLoginTemplate,
  type TemplateActivity,
  USER_PROFILE_FIELDS,
  type WechatAuth,
  type WechatOfficialCustomization,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { Caller } from '../../platform/auth.ts';
import { decrypt, encrypt, hmac, safeEqual } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { badRequest } from '../../platform/errors.ts';
import { ownActivity, scopeActivities, updateOwnRows } from '../../platform/tenancy.ts';
import {
  assertHostAllowed,
  hostNotVerified,
  hostProven,
  hostRequired,
  hostVerification,
  type TxtLookup,
} from './custom-host.ts';

type Stored = Record<string, unknown>;

async function brandingRow(db: Db, agentId: number) {
  return db.selectFrom('agentBranding').selectAll().where('agentId', '=', agentId).executeTakeFirst();
}

/** Reads the agent's branding row for a change, creating it first, inside the caller's transaction. */
async function lockBranding(trx: Db, agentId: number) {
  await trx
    .insertInto('agentBranding')
    .values({ agentId })
    .onConflict((oc) => oc.column('agentId').doNothing())
    .execute();
  return trx
    .selectFrom('agentBranding')
    .selectAll()
    .where('agentId', '=', agentId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * Rewrites the agent's customization under its row lock: `next` gets the stored one and answers the new one, or null
 * to leave it. Two agents claiming the same verified host at once: the unique index decides, answered as taken.
 */
async function rewriteCustomization(
  db: Db,
  agentId: number,
  next: (trx: Db, stored: Record<string, unknown>) => Promise<Record<string, unknown> | null>,
) {
  try {
    await db.transaction().execute(async (trx) => {
      const row = await lockBranding(trx, agentId);
      const customization = await next(trx, record(row.customization));
      if (!customization) return;
      await trx
        .updateTable('agentBranding')
        .set({ customization: JSON.stringify(customization), updatedAt: new Date() })
        .where('agentId', '=', agentId)
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw hostTaken();
    throw error;
  }
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);
const record = (value: unknown): Stored =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Stored) : {};

/** Given fields replace stored ones; '' removes one, so the default shows again. */
function patched(stored: Stored, changes: Record<string, unknown>): Stored {
  const next = { ...stored };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}

// ---------------------------------------------------------------------------------------------------------------
// Image template and the user-profile permission

export async function getImageTemplate(db: Db, caller: Caller): Promise<ImageTemplate> {
  return imageTemplateOf(db, caller.agentId);
}

/** The agent's image template, for what shows it without a session (the watch page's icon). */
export async function imageTemplateOf(db: Db, agentId: number): Promise<ImageTemplate> {
  const stored = record((await brandingRow(db, agentId))?.imageTemplate);
  const permission = stored.userProfilePermission;
  return {
    favicon: text(stored.favicon, DEFAULT_IMAGE_TEMPLATE.favicon),
    logo: text(stored.logo, DEFAULT_IMAGE_TEMPLATE.logo),
    title: text(stored.title, DEFAULT_IMAGE_TEMPLATE.title),
    userProfilePermission: Array.isArray(permission)
      ? permission.filter((item): item is string => (USER_PROFILE_FIELDS as readonly unknown[]).includes(item))
      : [...DEFAULT_IMAGE_TEMPLATE.userProfilePermission],
  };
}

/** A field sent back at the product default stays "not set" (stored empty), so it follows the default later. */
function withoutDefaults(body: ImageTemplateUpdate): ImageTemplateUpdate {
  const atDefault = (key: 'favicon' | 'logo' | 'title') => body[key] === DEFAULT_IMAGE_TEMPLATE[key];
  return {
    ...body,
    ...(atDefault('favicon') ? { favicon: '' } : {}),
    ...(atDefault('logo') ? { logo: '' } : {}),
    ...(atDefault('title') ? { title: '' } : {}),
  };
}

export async function updateImageTemplate(db: Db, caller: Caller, body: ImageTemplateUpdate): Promise<ImageTemplate> {
  await db.transaction().execute(async (trx) => {
    const row = await lockBranding(trx, caller.agentId);
    await updateOwnRows(trx, 'agentBranding', caller)
      .set({
        imageTemplate: JSON.stringify(patched(record(row.imageTemplate), withoutDefaults(body))),
        updatedAt: new Date(),
      })
      .execute();
  });
  return getImageTemplate(db, caller);
}

// ---------------------------------------------------------------------------------------------------------------
// Login-page template, and the public call the login page on a custom host asks

function toLoginTemplate(stored: Stored): LoginTemplate {
  return {
    title: text(stored.title, ''),
    slogan: text(stored.slogan, ''),
    logo: text(stored.logo, ''),
    background: text(stored.background, ''),
    primaryColor: text(stored.primaryColor, ''),
  };
}

export async function getLoginTemplate(db: Db, caller: Caller): Promise<LoginTemplate> {
  return toLoginTemplate(record((await brandingRow(db, caller.agentId))?.loginTemplate));
}

export async function updateLoginTemplate(db: Db, caller: Caller, body: LoginTemplateUpdate): Promise<LoginTemplate> {
  await db.transaction().execute(async (trx) => {
    const row = await lockBranding(trx, caller.agentId);
    await updateOwnRows(trx, 'agentBranding', caller)
      .set({ loginTemplate: JSON.stringify(patched(record(row.loginTemplate), body)), updatedAt: new Date() })
      .execute();
  });
  return getLoginTemplate(db, caller);
}

/**
 * The login template of the agent whose customised host this is, once its control was proved in DNS (hostVerified
 * holds the host that was proved); the product's own (customized: false) otherwise.
 */
export async function getPublicLoginTemplate(db: Db, host: string): Promise<PublicLoginTemplate> {
  const row = await db
    .selectFrom('agentBranding')
    .innerJoin('agents', 'agents.id', 'agentBranding.agentId')
    .select('agentBranding.loginTemplate')
    .where(sql<string>`agent_branding.customization ->> 'host'`, '=', host)
    .where(sql<string>`agent_branding.customization ->> 'hostVerified'`, '=', host)
    .where('agents.status', '!=', 'disabled')
    .executeTakeFirst();
  return { ...toLoginTemplate(record(row?.loginTemplate)), customized: row !== undefined };
}

// ---------------------------------------------------------------------------------------------------------------
// Customisation config (seed 000 §3, seed 001 §5): host, messaging-platform login app, payment certificate, template

/**
 * The messaging-platform login counts as customised only with both apiAppId and apiAppSecret; the template feature
 * only with wechatPrivateTemplateId (seed 000 §3).
 */
function flags(stored: Stored) {
  return {
    isWechatLoginCustomized: Boolean(stored.apiAppId) && Boolean(stored.apiAppSecret),
    isWechatTemplateCustomized: Boolean(record(stored.data).wechatPrivateTemplateId),
  };
}

export async function getCustomizedInfo(db: Db, caller: Caller): Promise<CustomizedInfo> {
  const row = await brandingRow(db, caller.agentId);
  const stored = record(row?.customization);
  // A sub-account sees the template activity only when it is one of its own activities.
  const template = row?.templateActivityId
    ? await scopeActivities(db.selectFrom('activities').select(['activities.id', 'activities.name']), caller)
        .where('activities.id', '=', row.templateActivityId)
        .executeTakeFirst()
    : undefined;
  return {
    host: text(stored.host, ''),
    brandName: text(record(row?.loginTemplate).title, '演播'),
    ...flags(stored),
    templateActivity: template ?? null,
  };
}

/** Secrets never leave the server: the answer says whether each is set. */
function toCustomization(stored: Stored, secretKey: string, agentId: number): Customization {
  const host = text(stored.host, '');
  return {
    host,
    hostVerified: host !== '' && stored.hostVerified === host,
    hostVerification: host ? hostVerification(secretKey, agentId, host) : null,
    apiAppId: text(stored.apiAppId, ''),
    apiAppSecretSet: Boolean(stored.apiAppSecret),
    payPfxSet: Boolean(stored.payPfx),
    payPfxName: stored.payPfx ? text(stored.payPfxName, '') : '',
    payPfxBytes: stored.payPfx && typeof stored.payPfxBytes === 'number' ? stored.payPfxBytes : 0,
    data: { wechatPrivateTemplateId: text(record(stored.data).wechatPrivateTemplateId, '') },
    ...flags(stored),
  };
}

export async function getCustomization(db: Db, secretKey: string, caller: Caller): Promise<Customization> {
  return toCustomization(record((await brandingRow(db, caller.agentId))?.customization), secretKey, caller.agentId);
}

/**
 * POST /agent/customization/host/verify: looks up the host's TXT record; found, the host is verified (已验证) and
 * restyles /login from now on; not found, 400 naming host and the host stays 待验证.
 */
export async function verifyCustomHost(
  db: Db,
  secretKey: string,
  lookup: TxtLookup,
  caller: Caller,
): Promise<Customization> {
  const host = text(record((await brandingRow(db, caller.agentId))?.customization).host, '');
  if (!host) throw hostRequired();
  if (!(await hostProven(lookup, hostVerification(secretKey, caller.agentId, host)))) throw hostNotVerified();
  // The host changed while DNS was asked: the proof was for the old one.
  await rewriteCustomization(db, caller.agentId, async (_trx, stored) =>
    stored.host === host ? { ...stored, hostVerified: host } : null,
  );
  return getCustomization(db, secretKey, caller);
}

/**
 * A PKCS#12 file is one DER SEQUENCE that fills the file and starts with version 3 (RFC 7292 §4): enough to refuse
 * a wrong file (a PEM, a picture, a truncated upload) before it is stored.
 */
export function looksLikePkcs12(der: Buffer): boolean {
  if (der.length < 8 || der[0] !== 0x30) return false;
  const first = der[1] as number;
  let length = first;
  let header = 2;
  if (first & 0x80) {
    const count = first & 0x7f;
    if (count < 1 || count > 4) return false;
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (der[2 + i] as number);
    header = 2 + count;
  }
  if (header + length !== der.length) return false;
  return der[header] === 0x02 && der[header + 1] === 0x01 && der[header + 2] === 0x03;
}

function checkedPayPfx(base64: string): Buffer {
  const der = Buffer.from(base64, 'base64');
  if (der.length === 0) throw badRequest('payPfx: File is empty', ERROR_CODES.validation, 'payPfx');
  if (der.length > PAY_PFX_MAX_BYTES)
    throw badRequest(BRANDING_ERRORS.payPfxTooLarge, ERROR_CODES.validation, 'payPfx');
  if (!looksLikePkcs12(der)) throw badRequest(BRANDING_ERRORS.payPfxInvalid, ERROR_CODES.validation, 'payPfx');
  return der;
}

const hostTaken = () => badRequest(BRANDING_ERRORS.hostTaken, ERROR_CODES.validation, 'host');

export async function updateCustomization(
  db: Db,
  secretKey: string,
  config: Parameters<typeof assertHostAllowed>[0],
  caller: Caller,
  body: CustomizationUpdate,
): Promise<Customization> {
  if (body.host) assertHostAllowed(config, body.host);
  if (!customizationSection(body)) {
    throw badRequest('host: One of host, apiAppId, payPfx or data is required', ERROR_CODES.validation, 'host');
  }
  const changes: Record<string, unknown> = {};
  if (body.host !== undefined) changes.host = body.host;
  if (body.apiAppId !== undefined) {
    changes.apiAppId = body.apiAppId;
    // Clearing the app clears its secret too: a secret without its app logs nobody in.
    if (body.apiAppId === '') changes.apiAppSecret = '';
  }
  if (body.apiAppSecret !== undefined && body.apiAppId !== '') {
    changes.apiAppSecret = encrypt(secretKey, body.apiAppSecret);
  }
  if (body.payPfx !== undefined) {
    if (body.payPfx === '') Object.assign(changes, { payPfx: '', payPfxName: '', payPfxBytes: '' });
    else {
      const der = checkedPayPfx(body.payPfx);
      changes.payPfx = encrypt(secretKey, der.toString('base64'));
      changes.payPfxName = body.payPfxName || 'apiclient_cert.p12';
      changes.payPfxBytes = der.length;
    }
  }
  if (body.data !== undefined) changes.data = body.data.wechatPrivateTemplateId ? body.data : '';

  await rewriteCustomization(db, caller.agentId, async (trx, stored) => {
    // A host is taken once another agent has verified it; unverified claims do not block its real owner.
    if (body.host) {
      const other = await trx
        .selectFrom('agentBranding')
        .select('agentId')
        .where(sql<string>`customization ->> 'hostVerified'`, '=', body.host)
        .where('agentId', '!=', caller.agentId)
        .executeTakeFirst();
      if (other) throw hostTaken();
    }
    // A new host must be proved again; saving the same host keeps its proof.
    if (body.host !== undefined && body.host !== stored.host) changes.hostVerified = '';
    return patched(stored, changes);
  });
  return getCustomization(db, secretKey, caller);
}

// ---------------------------------------------------------------------------------------------------------------
// The agent's official account on the messaging platform

export async function getWechatAuth(db: Db, caller: Caller): Promise<WechatAuth> {
  const account = record((await brandingRow(db, caller.agentId))?.officialAccount);
  const authorizedAt = text(account.authorizedAt, '');
  return {
    authorized: Boolean(account.appId && account.appSecret),
    appId: text(account.appId, ''),
    name: text(account.name, ''),
    authorizedAt: authorizedAt || null,
  };
}

/**
 * The agent's official account with its secret opened (the watch page's JS-SDK signature), or null when none is set
 * or its secret no longer opens (SECRET_KEY changed since it was saved).
 */
export async function officialAccountOf(
  db: Db,
  secretKey: string,
  agentId: number,
): Promise<{ appId: string; appSecret: string } | null> {
  const account = record((await brandingRow(db, agentId))?.officialAccount);
  if (typeof account.appId !== 'string' || !account.appId || typeof account.appSecret !== 'string') return null;
  try {
    const appSecret = decrypt(secretKey, account.appSecret);
    return appSecret ? { appId: account.appId, appSecret } : null;
  } catch {
    return null;
  }
}

/**
 * The agent whose verified custom host this is (a disabled agent has none), or null: the root of the host shows that
 * agent's home page. The unique index on hostVerified answers it.
 */
export async function agentOfCustomHost(db: Db, host: string): Promise<number | null> {
  const row = await db
    .selectFrom('agentBranding')
    .innerJoin('agents', 'agents.id', 'agentBranding.agentId')
    .select('agentBranding.agentId')
    .where(sql<string>`agent_branding.customization ->> 'hostVerified'`, '=', host)
    .where(sql<string>`agent_branding.customization ->> 'host'`, '=', host)
    .where('agents.status', '!=', 'disabled')
    .executeTakeFirst();
  return row?.agentId ?? null;
}

/** The agent's custom host once its control was proved in DNS, or null: a host its pages may be served on. */
export async function verifiedCustomHostOf(db: Db, agentId: number): Promise<string | null> {
  const stored = record((await brandingRow(db, agentId))?.customization);
  const host = text(stored.host, '');
  return host && stored.hostVerified === host ? host : null;
}

export async function updateWechatOfficial(
  db: Db,
  secretKey: string,
  caller: Caller,
  body: WechatOfficialCustomization,
): Promise<WechatAuth> {
  await db.transaction().execute(async (trx) => {
    const row = await lockBranding(trx, caller.agentId);
    const current = record(row.officialAccount);
    // The stored secret belongs to the stored app: a new AppID needs its own secret.
    const keepSecret = current.appId === body.appId && typeof current.appSecret === 'string';
    if (!body.appSecret && !keepSecret) {
      throw badRequest(BRANDING_ERRORS.appSecretRequired, ERROR_CODES.validation, 'appSecret');
    }
    const next = {
      appId: body.appId,
      name: body.name,
      appSecret: body.appSecret ? encrypt(secretKey, body.appSecret) : current.appSecret,
      authorizedAt: body.appSecret || !current.authorizedAt ? new Date().toISOString() : current.authorizedAt,
    };
    await updateOwnRows(trx, 'agentBranding', caller)
      .set({ officialAccount: JSON.stringify(next), updatedAt: new Date() })
      .execute();
  });
  return getWechatAuth(db, caller);
}

// ---------------------------------------------------------------------------------------------------------------
// Promotion: a sign-up link carrying a code that names the agent and that only this server can make

export function promoteCode(secretKey: string, agentId: number): string {
  return `${agentId.toString(36)}-${hmac(secretKey, `promote:${agentId}`).slice(0, 8)}`;
}

/** The agent a promotion code names, or null when the code was not made here. */
export function promoterOf(secretKey: string, code: string): number | null {
  const [id36, mac] = code.split('-');
  if (!id36 || !mac || !/^[0-9a-z]{1,7}$/.test(id36)) return null;
  const agentId = Number.parseInt(id36, 36);
  return safeEqual(promoteCode(secretKey, agentId), code) ? agentId : null;
}

export async function getPromote(db: Db, secretKey: string, caller: Caller): Promise<PromoteInfo> {
  const code = promoteCode(secretKey, caller.agentId);
  const counted = await db
    .selectFrom('agentPromotions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('promoterId', '=', caller.agentId)
    .executeTakeFirstOrThrow();
  return {
    code,
    link: `${PROMOTE_SIGNUP_PATH}?promoter=${encodeURIComponent(code)}`,
    invitedCount: Number(counted.count),
  };
}

/** Records that a new agent signed up through a promotion link; an unknown code is ignored. */
export async function recordPromotion(db: Db, secretKey: string, agentId: number, code: string | undefined) {
  const promoterId = code ? promoterOf(secretKey, code) : null;
  if (promoterId === null || promoterId === agentId) return;
  const exists = await db.selectFrom('agents').select('id').where('id', '=', promoterId).executeTakeFirst();
  if (!exists) return;
  await db
    .insertInto('agentPromotions')
    .values({ agentId, promoterId })
    .onConflict((oc) => oc.column('agentId').doNothing())
    .execute();
}

// ---------------------------------------------------------------------------------------------------------------
// The template activity

/** The caller's template activity, if it has one that the caller can still see (not deleted, in its scope). */
export async function templateActivityFor(db: Db, caller: Caller): Promise<number | null> {
  const templateId = (await brandingRow(db, caller.agentId))?.templateActivityId;
  if (!templateId) return null;
  const row = await scopeActivities(db.selectFrom('activities').select('activities.id'), caller)
    .where('activities.id', '=', templateId)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function setTemplateActivity(
  db: Db,
  caller: Caller,
  activityId: number | null,
): Promise<TemplateActivity> {
  if (activityId !== null) await ownActivity(db, caller, activityId);
  await db.transaction().execute(async (trx) => {
    await lockBranding(trx, caller.agentId);
    await updateOwnRows(trx, 'agentBranding', caller)
      .set({ templateActivityId: activityId, updatedAt: new Date() })
      .execute();
  });
  return { activity: (await getCustomizedInfo(db, caller)).templateActivity };
}
