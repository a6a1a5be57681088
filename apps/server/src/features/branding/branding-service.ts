import type { CustomizedInfo, ImageTemplate } from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';

/** What an agent that has customised nothing gets: the product's own icon, logo and name. */
export const DEFAULT_IMAGE_TEMPLATE: ImageTemplate = {
  favicon: '/favicon.svg',
  logo: '/favicon.svg',
  title: '演播 · 直播活动管理平台',
  userProfilePermission: ['nickname', 'avatar'],
};

async function brandingRow(db: Db, agentId: number) {
  return db
    .selectFrom('agentBranding')
    .select(['imageTemplate', 'customization'])
    .where('agentId', '=', agentId)
    .executeTakeFirst();
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);

export async function getImageTemplate(db: Db, caller: Caller): Promise<ImageTemplate> {
  const stored = (await brandingRow(db, caller.agentId))?.imageTemplate ?? {};
  const permission = stored.userProfilePermission;
  return {
    favicon: text(stored.favicon, DEFAULT_IMAGE_TEMPLATE.favicon),
    logo: text(stored.logo, DEFAULT_IMAGE_TEMPLATE.logo),
    title: text(stored.title, DEFAULT_IMAGE_TEMPLATE.title),
    userProfilePermission: Array.isArray(permission)
      ? permission.filter((item): item is string => typeof item === 'string')
      : DEFAULT_IMAGE_TEMPLATE.userProfilePermission,
  };
}

/**
 * The messaging-platform login counts as customised only with both apiAppId and apiAppSecret; the template feature
 * only with wechatPrivateTemplateId (seed 000 §3).
 */
export async function getCustomizedInfo(db: Db, caller: Caller): Promise<CustomizedInfo> {
  const stored = (await brandingRow(db, caller.agentId))?.customization ?? {};
  const data = (stored.data ?? {}) as Record<string, unknown>;
  return {
    host: text(stored.host, ''),
    brandName: text(stored.brandName, '演播'),
    isWechatLoginCustomized: Boolean(stored.apiAppId) && Boolean(stored.apiAppSecret),
    isWechatTemplateCustomized: Boolean(data.wechatPrivateTemplateId),
  };
}
