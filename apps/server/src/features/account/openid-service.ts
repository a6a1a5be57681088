import { type BindOpenidBody, ERROR_CODES, type OpenidBinding } from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { deleteOwnRows, ownRows } from '../../platform/tenancy.ts';
import type { WechatProvider } from '../../platform/wechat/wechat-provider.ts';

export interface OpenidDeps {
  db: Db;
  wechat: WechatProvider;
}

/** The console page the messaging platform returns to after the user consents. */
export const OPENID_RETURN_PATH = '/user';

export async function getOpenidBinding(deps: OpenidDeps, caller: Caller, state: string): Promise<OpenidBinding> {
  const row = await ownRows(deps.db, 'agentOpenids', caller).selectAll().executeTakeFirst();
  return {
    bound: row !== undefined,
    openid: row?.openid ?? null,
    nickname: row?.nickname ?? null,
    avatar: row?.avatar ?? null,
    boundAt: row?.boundAt.toISOString() ?? null,
    authorizeUrl: deps.wechat.authorizeUrl(OPENID_RETURN_PATH, state),
  };
}

export async function bindOpenid(deps: OpenidDeps, caller: Caller, body: BindOpenidBody) {
  const identity = await deps.wechat.exchangeCode(body.code);
  if (!identity) throw badRequest('Authorization code is invalid or expired', ERROR_CODES.openidCodeInvalid, 'code');
  const other = await deps.db
    .selectFrom('agentOpenids')
    .select('agentId')
    .where('openid', '=', identity.openid)
    .where('agentId', '!=', caller.agentId)
    .executeTakeFirst();
  if (other) throw conflict('This WeChat account is bound to another agent', ERROR_CODES.openidBoundElsewhere);
  await deps.db
    .insertInto('agentOpenids')
    .values({ agentId: caller.agentId, ...identity })
    .onConflict((oc) =>
      oc.column('agentId').doUpdateSet({
        openid: identity.openid,
        nickname: identity.nickname,
        avatar: identity.avatar,
        boundAt: new Date(),
      }),
    )
    .execute();
  return getOpenidBinding(deps, caller, '');
}

export async function unbindOpenid(deps: OpenidDeps, caller: Caller) {
  await deleteOwnRows(deps.db, 'agentOpenids', caller).execute();
  return getOpenidBinding(deps, caller, '');
}
