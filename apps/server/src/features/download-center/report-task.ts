import {
  ERROR_MESSAGES,
  REPORT_TASK_KIND,
  type ReportTaskParams,
  reportTaskParams,
  statsRange,
  TOP_GIFT_LIMIT,
} from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import { TaskError, type TaskKind } from '../../platform/tasks/task-queue.ts';
import { topGifts } from '../gifts/index.ts';
import {
  getDevices,
  getInteractive,
  getOnline,
  getOverview,
  getReferrers,
  getRegions,
  getRevenue,
  getTimeline,
} from '../stats/index.ts';
import { taskCaller } from './download-center-service.ts';
import { drawReport } from './report-pdf.ts';

// The post-event report as a task (seed 001 §7 export field set export-pdf, type pdf): the figures are the statistics
// feature's own answers for the task's caller and range, so the PDF says what the statistics screen says.

const STEPS = 11;

/** The report's file name: the activity's name made fit for a file on any system (no separators, reserved or control characters). */
function reportFileName(activityName: string): string {
  const safe = [...activityName]
    .map((char) => (/[\\/:*?"<>|]/.test(char) || char.charCodeAt(0) < 32 ? '_' : char))
    .join('')
    .slice(0, 60);
  return safe ? `${safe}-数据报告.pdf` : '数据报告.pdf';
}

export function reportTaskKind(ctx: Pick<AppContext, 'db'>): TaskKind<ReportTaskParams> {
  return {
    kind: REPORT_TASK_KIND,
    params: reportTaskParams,
    needsActivity: true,
    fileName: (_, activity) => reportFileName(activity?.name ?? ''),
    async run(task) {
      const activityId = task.activityId;
      if (activityId === null) throw new TaskError(ERROR_MESSAGES.activityNotFound);
      const caller = await taskCaller(ctx.db, task);
      const activity = await ctx.db
        .selectFrom('activities')
        .select('name')
        .where('id', '=', activityId)
        .where('agentId', '=', task.agentId)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      if (!activity) throw new TaskError(ERROR_MESSAGES.activityNotFound);
      // The range is fixed when the task runs: "the last 89 days" of a task queued at midnight stays one range.
      const range = statsRange(task.params);
      await task.progress(1, STEPS);
      const overview = await getOverview(ctx.db, caller, activityId, range);
      await task.progress(2, STEPS);
      const timeline = await getTimeline(ctx.db, caller, activityId, range);
      await task.progress(3, STEPS);
      const devices = await getDevices(ctx.db, caller, activityId, range);
      await task.progress(4, STEPS);
      const referrers = await getReferrers(ctx.db, caller, activityId, range);
      await task.progress(5, STEPS);
      const online = await getOnline(ctx.db, caller, activityId, range);
      await task.progress(6, STEPS);
      const interactive = await getInteractive(ctx.db, caller, activityId, range);
      await task.progress(7, STEPS);
      const revenue = await getRevenue(ctx.db, caller, activityId, range);
      await task.progress(8, STEPS);
      const regions = await getRegions(ctx.db, caller, activityId, range);
      await task.progress(9, STEPS);
      const gifts = await topGifts(ctx.db, caller, activityId, TOP_GIFT_LIMIT);
      await task.progress(10, STEPS);
      const body = await drawReport({
        activityName: activity.name,
        generatedAt: new Date(),
        overview,
        timeline,
        online,
        interactive,
        revenue,
        devices,
        referrers,
        regions,
        topGifts: gifts.items,
      });
      return { fileName: reportFileName(activity.name), contentType: 'application/pdf', body };
    },
  };
}
