import type { AppContext } from './app-context.ts';
import { reportTaskKind } from './features/download-center/index.ts';
import { exportTaskKind } from './features/exports/index.ts';
import { statementTaskKind } from './features/finance/index.ts';
import type { TaskQueue } from './platform/tasks/task-queue.ts';

/**
 * Every kind of background task, registered on a queue. The API process (which checks a create against its kind and
 * may run tasks) and the worker process (which only runs them) call this one function, so both know the same kinds.
 */
export function registerTaskKinds(tasks: TaskQueue, ctx: Pick<AppContext, 'db' | 'database'>) {
  // Large exports run in the download center's queue (seed 001 §7 "Download center").
  tasks.register(exportTaskKind(ctx.database));
  // The post-event report (a PDF) and the finance statement.
  tasks.register(reportTaskKind(ctx));
  tasks.register(statementTaskKind(ctx));
}
