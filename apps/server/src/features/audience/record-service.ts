import type { AudienceRecordKind, AudienceRecordList, audienceRecordQuery } from '@yanbo/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { ownAgent } from '../../platform/tenancy.ts';
import { idsOfPerson, ownPerson } from './people-service.ts';

// A person's records (seed 001 §3 "Per-user records", §7 GET /v3/agent/{agentId}/user/{userId}/…): the watch page's
// own rows, read under every id the person acted as (its mobile's viewer id and its merged browsers'), within the
// agent. Each kind is one select of the same columns, so the console shows every tab with one table.

/** One kind's rows for the ids: id, activity, at, text, detail, amount, seconds (aliases kept to one word each). */
type Source = (agentId: number, ids: RawBuilder<unknown>) => RawBuilder<unknown>;

const SOURCES: Record<AudienceRecordKind, Source> = {
  visits: (agentId, ids) => sql`select v.id::text as id, v.activity_id as activity, v.started_at as at,
    coalesce(c.name, v.ditch_sign, '') as text, v.device as detail, null::int as amount, v.watch_seconds as seconds
    from visits v left join promotion_channels c on c.agent_id = v.agent_id and c.sign = v.ditch_sign
    where v.agent_id = ${agentId} and v.viewer_id = any(${ids})`,
  pay: (
    agentId,
    ids,
  ) => sql`select o.id::text as id, o.activity_id as activity, coalesce(o.paid_at, o.created_at) as at,
    o.gift_name || ' ×' || o.count as text, o.pay_provider as detail, o.amount as amount, null::int as seconds
    from gift_orders o where o.agent_id = ${agentId} and o.viewer_id = any(${ids}) and o.status = 'paid'`,
  share: (agentId, ids) => sql`select i.activity_id || ':' || i.invitee_id as id, i.activity_id as activity,
    i.invited_at as at, coalesce(nullif(p.name, ''), p.mobile, '') as text, '' as detail, null::int as amount,
    null::int as seconds
    from activity_invitees i left join audience_people p on p.agent_id = i.agent_id and p.viewer_id = i.invitee_id
    where i.agent_id = ${agentId} and i.inviter_id = any(${ids})`,
  question: (
    agentId,
    ids,
  ) => sql`select q.id::text as id, q.activity_id as activity, q.created_at as at, q.text as text,
    coalesce(q.answer, '') as detail, null::int as amount, null::int as seconds
    from questions q where q.agent_id = ${agentId} and q.viewer_id = any(${ids}) and q.deleted_at is null`,
  comment: (agentId, ids) => sql`select c.id::text as id, c.activity_id as activity, c.created_at as at, c.text as text,
    c.status as detail, null::int as amount, null::int as seconds
    from comments c where c.agent_id = ${agentId} and c.viewer_id = any(${ids}) and c.deleted_at is null`,
  checkin: (agentId, ids) => sql`select r.checkin_id::text as id, r.activity_id as activity, r.created_at as at,
    k.title as text, '' as detail, null::int as amount, null::int as seconds
    from checkin_records r join checkins k on k.id = r.checkin_id
    where r.agent_id = ${agentId} and r.viewer_id = any(${ids})`,
  vote: (agentId, ids) => sql`select b.vote_id::text as id, b.activity_id as activity, b.created_at as at,
    v.title as text,
    coalesce((select string_agg(v.options ->> (c.value::int), '、') from jsonb_array_elements_text(b.choices) c), '')
      as detail,
    null::int as amount, null::int as seconds
    from vote_ballots b join votes v on v.id = b.vote_id
    where b.agent_id = ${agentId} and b.viewer_id = any(${ids})`,
  gift: (agentId, ids) => sql`select g.id::text as id, g.activity_id as activity, g.created_at as at,
    g.gift_name || ' ×' || g.count as text, '' as detail, g.amount as amount, null::int as seconds
    from gift_sends g where g.agent_id = ${agentId} and g.viewer_id = any(${ids})`,
  hb: (agentId, ids) => sql`select g.id::text as id, g.activity_id as activity, g.created_at as at,
    r.greeting as text, '' as detail, g.amount as amount, null::int as seconds
    from red_packet_grabs g join red_packets r on r.id = g.packet_id
    where g.agent_id = ${agentId} and g.viewer_id = any(${ids})`,
};

type Row = {
  id: string;
  activity: number;
  name: string;
  at: Date | string;
  text: string;
  detail: string;
  amount: number | null;
  seconds: number | null;
};

export async function listRecords(
  db: Db,
  caller: Caller,
  kind: AudienceRecordKind,
  params: { agentId: number; userId: number },
  query: z.output<typeof audienceRecordQuery>,
): Promise<AudienceRecordList> {
  const agentId = ownAgent(caller, params.agentId);
  const person = await ownPerson(db, caller, params.userId);
  const ids = sql`${sql.val(await idsOfPerson(db, person))}::text[]`;
  const source = SOURCES[kind](agentId, ids);
  const [page, count] = await Promise.all([
    sql<Row>`select r.*, a.name as name from (${source}) r join activities a on a.id = r.activity
      order by r.at desc, r.id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`.execute(db),
    sql<{ total: string }>`select count(*) as total from (${source}) r`.execute(db),
  ]);
  return {
    items: page.rows.map((row) => ({
      id: row.id,
      activityId: row.activity,
      activityName: row.name,
      at: new Date(row.at).toISOString(),
      text: row.text,
      detail: row.detail,
      amount: row.amount === null ? null : Number(row.amount),
      watchSeconds: row.seconds === null ? null : Number(row.seconds),
    })),
    pager: { page: query.page, pageSize: query.pageSize, total: Number(count.rows[0]?.total ?? 0) },
  };
}
