import type { FluxResource, FluxTransaction, FluxTransactionList } from '@yanbo/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { FinanceSubject } from './finance-agent.ts';

// Flux (seed 001 §3 "remaining flux in GB"): what the agent may serve to viewers is its current package's flux (the
// free plan's without one) and the credit its upper agent granted (agent_credits); what it spent is what real playback served, the bytes the
// ingest sessions recorded (migration 012), since the current package started.

const GB = 1024 ** 3;
const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/** GET /agent/{id}/flux-resource. */
export async function fluxResource(db: Db, subject: FinanceSubject): Promise<FluxResource> {
  const agentId = subject.agent.id;
  const [plan, credit] = await Promise.all([
    // What applies now (migration 024): the current package's flux, or the free plan's.
    db
      .selectFrom('agentEntitlements as e')
      .leftJoin('agentPackages as p', 'p.agentId', 'e.agentId')
      .select(['e.fluxGb', 'e.packageCurrent', 'p.startedAt'])
      .where('e.agentId', '=', agentId)
      .executeTakeFirst(),
    db.selectFrom('agentCredits').select('fluxGb').where('agentId', '=', agentId).executeTakeFirst(),
  ]);
  const pkg = plan?.packageCurrent && plan.startedAt ? { startedAt: plan.startedAt } : undefined;
  let used = db
    .selectFrom('ingestSessions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('playbackBytes'), eb.val('0')).as('bytes'))
    .where('agentId', '=', agentId);
  if (pkg) used = used.where('startedAt', '>=', pkg.startedAt);
  const usedBytes = Number((await used.executeTakeFirstOrThrow()).bytes);
  const totalGb = twoDecimals(Number(plan?.fluxGb ?? 0) + Number(credit?.fluxGb ?? 0));
  return {
    totalGb,
    usedBytes,
    usedGb: twoDecimals(usedBytes / GB),
    // Floored to the hundredth: what is shown as remaining is never more than what remains.
    remainingGb: Math.max(0, Math.floor(((totalGb * GB - usedBytes) / GB) * 100) / 100),
    since: pkg ? pkg.startedAt.toISOString() : null,
  };
}

interface Page {
  page: number;
  pageSize: number;
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/** GET /v3/agent/{id}/flux-transaction: flux granted by paid packages and served by each push, newest first. */
export async function listFluxTransactions(db: Db, subject: FinanceSubject, page: Page): Promise<FluxTransactionList> {
  const agentId = subject.agent.id;
  const from = page.startTime ? new Date(page.startTime) : new Date(0);
  const to = page.endTime ? new Date(page.endTime) : new Date('9999-12-31T00:00:00Z');
  const movements = db
    .selectFrom('packageOrders as o')
    .innerJoin('packages as p', 'p.id', 'o.packageId')
    .select([
      sql<string>`'package-' || o.id`.as('key'),
      sql<'package' | 'playback'>`'package'`.as('kind'),
      'o.activityId',
      'p.name as description',
      sql<string>`round(p.flux_gb * ${GB})::bigint`.as('bytes'),
      sql<Date>`o.paid_at`.as('at'),
      sql<number>`o.id`.as('sourceId'),
    ])
    .where('o.agentId', '=', agentId)
    .where('o.status', '=', 'paid')
    .where('p.fluxGb', '>', '0')
    .where('o.paidAt', '>=', from)
    .where('o.paidAt', '<=', to)
    .unionAll(
      db
        .selectFrom('ingestSessions as s')
        .leftJoin('activities as a', 'a.id', 's.activityId')
        .select([
          sql<string>`'playback-' || s.id`.as('key'),
          sql<'package' | 'playback'>`'playback'`.as('kind'),
          's.activityId',
          sql<string>`coalesce(a.name, '')`.as('description'),
          sql<string>`-s.playback_bytes`.as('bytes'),
          sql<Date>`s.started_at`.as('at'),
          sql<number>`s.id`.as('sourceId'),
        ])
        .where('s.agentId', '=', agentId)
        .where('s.playbackBytes', '>', '0')
        .where('s.startedAt', '>=', from)
        .where('s.startedAt', '<=', to),
    );
  const [rows, count] = await Promise.all([
    db
      .selectFrom(movements.as('m'))
      .selectAll()
      .orderBy('m.at', 'desc')
      .orderBy('m.key', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    db
      .selectFrom(movements.as('m'))
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(
      (row): FluxTransaction => ({
        key: row.key,
        kind: row.kind,
        activityId: row.activityId,
        description: row.description,
        bytes: Number(row.bytes),
        createdAt: new Date(row.at).toISOString(),
      }),
    ),
    pager: { page: page.page, pageSize: page.pageSize, total: Number(count.total) },
  };
}
