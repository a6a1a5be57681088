import { benchActivityList } from './activity-list.ts';
import { benchAgentMe } from './agent-me.ts';
import { benchChatFanout } from './chat-fanout.ts';
import { benchClusterThroughput } from './cluster-throughput.ts';
import { benchConsoleLoad } from './console-load.ts';
import { benchCrmSearch } from './crm-search.ts';
import { benchCsvExport } from './csv-export.ts';
import { benchDocumentReads } from './document-reads.ts';
import { benchFinanceViews } from './finance-views.ts';
import { benchMediaFanout } from './media-fanout.ts';
import { benchMetricsOverhead } from './metrics-overhead.ts';
import { benchPhotoThumbnails } from './photo-thumbnails.ts';
import { benchPortalPage } from './portal-page.ts';
import { benchRtmpAttacks } from './rtmp-attacks.ts';
import { benchSensitiveWords } from './sensitive-words.ts';
import { benchShopLastItems } from './shop-last-items.ts';
import { benchSoak } from './soak.ts';
import { benchStats } from './stats.ts';
import { benchStorageUploads } from './storage-uploads.ts';
import { benchTaskQueue } from './task-queue.ts';
import { benchWatchChannelWakeups } from './watch-channel-wakeups.ts';
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
  'shop-last-items': benchShopLastItems,
  'finance-views': benchFinanceViews,
  'document-reads': benchDocumentReads,
  'photo-thumbnails': benchPhotoThumbnails,
  'portal-page': benchPortalPage,
  'cluster-throughput': benchClusterThroughput,
  'watch-channel-wakeups': benchWatchChannelWakeups,
  'metrics-overhead': benchMetricsOverhead,
  'storage-uploads': benchStorageUploads,
  soak: benchSoak,
};
const only = process.argv.slice(2);
for (const [name, run] of Object.entries(benchmarks)) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`== ${name}`);
  await run();
}
