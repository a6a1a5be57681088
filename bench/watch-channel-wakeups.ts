import os from 'node:os';
import { announceOnline } from '../apps/server/src/features/activities/activity-usage.ts';
import {
  activityChannel,
  agentChannel,
  announcePushing,
  createLocalHub,
  type RealtimeEvent,
} from '../apps/server/src/platform/realtime/hub.ts';
import { writeSection } from './readme-section.ts';

// Watch-page listeners per activity (issue 15): a watch page's event stream used to listen on its agent's channel,
// where every viewer's coming (the consoles' online count), every comment and every gift of every activity of the
// agent is published, so N viewers joining woke N listeners each: N² wake-ups. It now listens on its activity's own
// channel, which carries only its push state. Both listeners run here on the same hub in the same run: the old one
// (the agent's channel, narrowed to its activity) and the new one, with the events the server publishes when viewers
// join (announceOnline, once per viewer: the worst case, before the 250 ms batching) and a push starts.

const ACTIVITIES = 10;
const AUDIENCES = [100, 1_000, 4_000];

interface Figures {
  wakeups: number;
  ms: number;
  /** Push-state events the pages received (each page must hear its own activity's push start once). */
  heard: number;
}

function run(viewers: number, channelOf: (activity: { id: number; agentId: number }) => string): Figures {
  const hub = createLocalHub();
  const activities = Array.from({ length: ACTIVITIES }, (_, n) => ({ id: n + 1, agentId: 7, subagentId: null }));
  let wakeups = 0;
  let heard = 0;
  const started = performance.now();
  for (let n = 0; n < viewers; n++) {
    const activity = activities[n % ACTIVITIES] as (typeof activities)[number];
    // The page's listener as followPushing subscribes it: woken by whatever its channel carries.
    hub.subscribe(channelOf(activity), (event: RealtimeEvent) => {
      wakeups += 1;
      if (event.type === 'activity.pushing' && event.activityId === activity.id) heard += 1;
    });
    // The viewer's coming tells the agent's consoles the new online count.
    announceOnline({ realtime: hub }, activity, Math.floor(n / ACTIVITIES) + 1);
  }
  // Every activity's push starts: each page hears its own.
  for (const activity of activities) announcePushing(hub, activity, true);
  const ms = performance.now() - started;
  void hub.close();
  return { wakeups, ms, heard };
}

export async function benchWatchChannelWakeups() {
  const lines: string[] = [];
  for (const viewers of AUDIENCES) {
    const before = run(viewers, (activity) => agentChannel(activity.agentId));
    const after = run(viewers, (activity) => activityChannel(activity.id));
    if (before.heard !== viewers || after.heard !== viewers) throw new Error('a page missed its push state');
    console.log(
      `watch-channel-wakeups: ${viewers} viewers: ${before.wakeups} wake-ups (${before.ms.toFixed(1)} ms) before, ${after.wakeups} (${after.ms.toFixed(1)} ms) after`,
    );
    lines.push(
      `| ${viewers.toLocaleString('en')} | ${before.wakeups.toLocaleString('en')} | ${before.ms.toFixed(1)} | ${after.wakeups.toLocaleString('en')} | ${after.ms.toFixed(1)} | ${(before.wakeups / after.wakeups).toFixed(0)}× |`,
    );
  }
  await writeSection(
    'watch-channel-wakeups',
    `## Watch-page listeners: N viewers joining, listener wake-ups before and after channels per activity

One agent with ${ACTIVITIES} activities, N watch pages spread over them, each joining viewer announcing the online
count to the agent's consoles (once per viewer, the worst case), then every push starting; the old listener (the
agent's channel, narrowed to its activity) against the new one (the activity's own channel) on the same in-process hub
in the same run, on ${os.cpus().length} cores (${new Date().toISOString().slice(0, 10)}). Every page hears its own
push start either way; with Redis each wake-up is also a message delivered to the process. Before, wake-ups grow with
the square of the audience; after, with the audience.

| viewers | wake-ups before | ms before | wake-ups after | ms after | fewer |
|---|---|---|---|---|---|
${lines.join('\n')}`,
  );
}
