import type { RealtimeEvent, RealtimeHub } from './hub.ts';
import { processChannel, type ServerProcess } from './server-process.ts';

// An ffmpeg job (a relay, a live transcode) runs in the process that started it; its row names that process
// (stream_jobs.owner_process). A stop made through any process of the cluster reaches the owner here (issue 15).

interface JobOwnerDeps {
  /** The jobs running in this process: stop answers false for a job that does not run here. */
  relays: { stop(jobId: number): boolean };
  realtime: RealtimeHub;
  process: Pick<ServerProcess, 'id'>;
}

/** What one process asks of the process that owns a job: stop its ffmpeg. */
interface JobStopEvent extends RealtimeEvent {
  type: 'stream-job.stop';
  jobId: number;
}

/**
 * Stops a job's ffmpeg wherever it runs: here, or in its owner process, which hears it on its hub channel (Redis
 * pub/sub across processes). A dead owner has no ffmpeg left to stop.
 */
export function stopJobWhereItRuns(ctx: JobOwnerDeps, job: { id: number; ownerProcess: string | null }) {
  if (ctx.relays.stop(job.id)) return;
  if (!job.ownerProcess || job.ownerProcess === ctx.process.id) return;
  const event: JobStopEvent = { type: 'stream-job.stop', jobId: job.id };
  ctx.realtime.publish(processChannel(job.ownerProcess), event);
}

/** Stops this process's jobs when another process asks; answers the function that stops listening. */
export function followJobStops(ctx: JobOwnerDeps): () => void {
  return ctx.realtime.subscribe(processChannel(ctx.process.id), (event) => {
    if (event.type === 'stream-job.stop' && typeof event.jobId === 'number') ctx.relays.stop(event.jobId);
  });
}
