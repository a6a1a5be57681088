import os from 'node:os';
import { searchAudience } from '../apps/server/src/features/audience/people-service.ts';
import type { Caller } from '../apps/server/src/platform/auth.ts';
import { withMigratedDatabase } from './bench-server.ts';
import { writeSection } from './readme-section.ts';
import { timedAgainst } from './timed-against.ts';

// The CRM search (issue 12, GET /v3/user/search) over 1,000,000 people of one agent on PostgreSQL: a name prefix, a
// mobile prefix, a whole mobile and a tag, each answering its first page of 10 with the total and each person's tags,
// inviter and attribution (the service the route calls), against a plain indexed lookup of one person by its mobile
// in the same run. CRM_BENCH_PEOPLE scales it (default 1,000,000).

const PEOPLE = Number(process.env.CRM_BENCH_PEOPLE ?? 1_000_000);
const TAGS = 50;
/** Person n's mobile is 13 and (n × MOBILE_STEP) mod MOBILE_MODULUS, a prime: distinct for every n, in no order. */
const MOBILE_STEP = 48_271;
const MOBILE_MODULUS = 999_999_937;
const RUNS = 30;
const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
  '高',
  '罗',
];

export async function benchCrmSearch() {
  await withMigratedDatabase('crm-search', { mobile: '13800000021', contact: 'crm bench' }, async (database, agent) => {
    const { db } = database;
    const agentId = agent.id;
    const surnames = `array[${SURNAMES.map((s) => `'${s}'`).join(', ')}]`;
    const loaded = Date.now();
    await database.withScripts(async (run) => {
      // Person n: a surname and its number, a mobile 13 and 9 digits unrelated to n (as people sign in whatever their
      // number), its viewer id; one in five carries one of
      // 50 tags (4,000 people a tag).
      await run(`insert into audience_people (agent_id, mobile, viewer_id, name, created_at, last_seen_at)
        select ${agentId}, '13' || lpad(((n::bigint * ${MOBILE_STEP}) % ${MOBILE_MODULUS})::text, 9, '0'),
          'm' || lpad(n::text, 31, '0'),
          (${surnames})[1 + n % ${SURNAMES.length}] || n, now() - make_interval(mins => n), now()
        from generate_series(1, ${PEOPLE}) n`);
      await run(`insert into audience_tags (agent_id, name)
        select ${agentId}, '标签 ' || n from generate_series(1, ${TAGS}) n`);
      await run(`insert into audience_person_tags (person_id, tag_id, agent_id)
        select p.id, t.id, ${agentId} from audience_people p
        join audience_tags t on t.agent_id = ${agentId} and t.name = '标签 ' || (1 + (p.id / 5) % ${TAGS})
        where p.id % 5 = 0`);
      await run('vacuum analyze');
      return [];
    });
    const loadSeconds = (Date.now() - loaded) / 1000;
    const tag = await db.selectFrom('audienceTags').select('id').where('name', '=', '标签 7').executeTakeFirstOrThrow();
    const caller = { agentId, subagentId: null } as Caller;
    const middle = Math.floor(PEOPLE / 2);
    const wholeMobile = `13${String((BigInt(middle) * BigInt(MOBILE_STEP)) % BigInt(MOBILE_MODULUS)).padStart(9, '0')}`;
    const search = (query: Record<string, unknown>) => () =>
      searchAudience(db, caller, { page: 1, pageSize: 10, ...query } as Parameters<typeof searchAudience>[2]);

    const cases: [string, () => Promise<{ pager: { total: number } }>][] = [
      ['name prefix 王12345', search({ name: `王${String(middle).slice(0, 5)}` })],
      ['mobile prefix (6 digits)', search({ mobile: wholeMobile.slice(0, 6) })],
      ['whole mobile', search({ mobile: wholeMobile })],
      [`tag (${PEOPLE / 5 / TAGS} people)`, search({ tagId: tag.id })],
      ['no filter (newest 10 of all)', search({})],
    ];
    const lookup = () =>
      db
        .selectFrom('audiencePeople')
        .selectAll()
        .where('agentId', '=', agentId)
        .where('mobile', '=', wholeMobile)
        .executeTakeFirstOrThrow();
    const rows: string[] = [];
    for (const [label, fn] of cases) {
      const total = (await fn()).pager.total;
      const f = await timedAgainst(fn, lookup, RUNS);
      console.log(
        `crm-search: ${label}: ${f.median.toFixed(2)} ms median (lookup ${f.baseMedian.toFixed(2)}), ${total}`,
      );
      rows.push(
        `| ${label} | ${total} | ${f.median.toFixed(2)} | ${f.p95.toFixed(2)} | ${f.baseMedian.toFixed(2)} | ${(f.median / f.baseMedian).toFixed(1)}× |`,
      );
    }
    await writeSection(
      'crm-search',
      `## CRM search (audience)

\`npm run bench -- crm-search\` (bench/crm-search.ts): GET /v3/user/search's service over ${PEOPLE.toLocaleString('en')}
people of one agent on PostgreSQL (loaded in ${loadSeconds.toFixed(0)} s), each search answering its first page of 10
with the total and each person's tags, inviter and attribution path; median and p95 of ${RUNS} runs. The baseline,
run alternately with each search in the same run: one person read by its mobile through the unique (agent, mobile)
index. ${os.cpus().length} CPUs, ${new Date().toISOString().slice(0, 10)}.

| search | matches | median ms | p95 ms | lookup median ms | vs lookup |
|---|---|---|---|---|---|
${rows.join('\n')}

A name or mobile prefix walks the (agent_id, lower(name)) and (agent_id, mobile) pattern indexes, a whole mobile the
unique index, a tag (tag_id, person_id), and its total counts that tag's index alone; the page's people then cost a
fixed number of indexed reads for all ten (tags, inviter, visits, gifts, payments, red packets). Without a filter the
total counts all the agent's people, which is what that row pays for.`,
    );
  });
}
