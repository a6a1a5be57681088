import { benchActivityList } from './activity-list.ts';
import { benchAgentMe } from './agent-me.ts';
import { benchChatFanout } from './chat-fanout.ts';
import { benchConsoleLoad } from './console-load.ts';
import { benchCrmSearch } from './crm-search.ts';
import { benchCsvExport } from './csv-export.ts';
import { benchFinanceViews } from './finance-views.ts';
import { benchMediaFanout } from './media-fanout.ts';
import { benchRtmpAttacks } from './rtmp-attacks.ts';
import { benchSensitiveWords } from './sensitive-words.ts';
import { benchStats } from './stats.ts';
import { benchTaskQueue } from './task-queue.ts';
import { benchWithdrawals } from './withdrawals.ts';

const benchmarks: Record<string, () => Promise<void>> = {
  'agent-me': benchAgentMe,
  'activity-list': benchActivityList,
  'rtmp-attacks': benchRtmpAttacks,
  'media-fanout': benchMediaFanout,
  'console-load': benchConsoleLoad,
  'sensitive-words': benchSensitiveWords,
  'chat-fanout': benchChatFanout,
  stats: benchStats,
  'task-queue': benchTaskQueue,
  'csv-export': benchCsvExport,
  'crm-search': benchCrmSearch,
  withdrawals: benchWithdrawals,
  'finance-views': benchFinanceViews,
};
const only = process.argv.slice(2);
for (const [name, run] of Object.entries(benchmarks)) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`== ${name}`);
  await run();
}
