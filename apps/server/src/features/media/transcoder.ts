import { type ChildProcess, spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../platform/db/database.ts';
import { createJobSlots, type JobSlots } from '../../platform/ffmpeg/job-slots.ts';
import { UPLOAD_INPUT_ARGS } from '../../platform/ffmpeg/upload-input.ts';
import { ownerIsDead, type ServerProcess } from '../../platform/realtime/server-process.ts';
import { createLocalFileStorage, type FileStorage } from '../../platform/storage/file-storage.ts';
import { directoryUsage } from './storage-usage.ts';

// Transcodes run as ffmpeg processes of this server, a few at a time, from an in-process queue whose state is the
// media rows themselves: pending (queued) -> transcoding (claimed by one process) -> ready | failed (with the reason).

export interface Transcoder {
  /** Queues a pending media; it runs when a slot frees. */
  enqueue(mediaId: number): void;
  /** Resolves once nothing is queued or running (tests). */
  idle(): Promise<void>;
  /** Stops running ffmpeg processes and waits for their rows to be written. */
  close(): Promise<void>;
}

export interface TranscoderOptions {
  db: Db;
  /** DATA_DIR/files */
  filesRoot: string;
  /** Where the sources and the HLS output are kept; the local folder filesRoot when not given. */
  files?: FileStorage;
  ffmpegPath?: string;
  concurrency?: number;
  log?: (line: string) => void;
  /** The process's ffmpeg job slots: a media transcode waits in the queue while its agent's or the server's are full. */
  slots?: JobSlots;
  /** MEDIA_TRANSCODE_TIMEOUT: a transcode running longer is stopped and failed. */
  timeoutMs?: number;
  /** The process named on the rows it transcodes (media.transcoded_by), so a restart elsewhere leaves them alone. */
  owner?: string;
}

/** Where a media's HLS output lives, inside the agent's own folder so storage usage counts it. */
export const mediaOutputDir = (agentId: number, mediaId: number) => `agent/${agentId}/media/${mediaId}`;
export const MEDIA_PLAYLIST = 'index.m3u8';

const STDERR_KEEP = 8_000;
/** How often media that found no free job slot try again (besides whenever a media transcode ends). */
const SLOT_RETRY_MS = 2_000;

/** The failure of a transcode stopped at its wall-clock limit. */
export const transcodeTimeoutReason = (timeoutMs: number) =>
  `transcode took longer than ${Math.round(timeoutMs / 1000)} s`;

function ffmpegArgs(source: string, outputDir: string) {
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-y',
    ...UPLOAD_INPUT_ARGS,
    '-i',
    source,
    // The first video and audio streams when present: an audio file makes an audio-only stream.
    '-map',
    '0:v:0?',
    '-map',
    '0:a:0?',
    // H.264 in 4:2:0 needs even dimensions.
    '-vf',
    'scale=trunc(iw/2)*2:trunc(ih/2)*2',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-f',
    'hls',
    '-hls_time',
    '6',
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(outputDir, 'seg_%03d.ts'),
    path.join(outputDir, MEDIA_PLAYLIST),
  ];
}

/** The input's duration from ffmpeg's report ("Duration: 00:01:02.50"). */
export function parseDuration(stderr: string): number | null {
  const match = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** The lines of ffmpeg's report that say why it failed. */
export function failureReason(stderr: string, code: number | null, signal: NodeJS.Signals | null): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^(Input|Output|Stream|Duration|Metadata|\s*[a-z_]+\s*:)/.test(line));
  const reason = lines.slice(-3).join('\n');
  if (reason) return reason.slice(0, 1000);
  return signal ? `ffmpeg was stopped (${signal})` : `ffmpeg exited with ${code}`;
}

export function createTranscoder(options: TranscoderOptions): Transcoder {
  const { db, filesRoot } = options;
  const files = options.files ?? createLocalFileStorage(filesRoot);
  const ffmpegPath = options.ffmpegPath ?? process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
  const concurrency = options.concurrency ?? 2;
  const slots = options.slots ?? createJobSlots({ perAgent: concurrency, total: concurrency });
  const timeoutMs = options.timeoutMs ?? 2 * 3600_000;
  const queue: number[] = [];
  /** Media whose agent (or the server) had no free job slot: queued again when one may have freed. */
  let waiting: number[] = [];
  let retryTimer: NodeJS.Timeout | null = null;
  const running = new Map<number, { child: ChildProcess | null; done: Promise<void> }>();
  let closing = false;
  let idleWaiters: (() => void)[] = [];

  const settleIdle = () => {
    if (queue.length === 0 && running.size === 0 && waiting.length === 0) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    }
  };

  const pump = () => {
    while (!closing && running.size < concurrency && queue.length > 0) {
      const mediaId = queue.shift() as number;
      if (running.has(mediaId)) continue;
      const entry: { child: ChildProcess | null; done: Promise<void> } = { child: null, done: Promise.resolve() };
      running.set(mediaId, entry);
      entry.done = run(mediaId, entry)
        .catch((error: unknown) => options.log?.(`transcode ${mediaId}: ${(error as Error).message}`))
        .finally(() => {
          running.delete(mediaId);
          // A transcode that ran gave a slot back: the media waiting for one may go now.
          if (!waiting.includes(mediaId)) requeueWaiting();
          pump();
          settleIdle();
        });
    }
    settleIdle();
  };

  function requeueWaiting() {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    for (const id of waiting) if (!queue.includes(id)) queue.push(id);
    waiting = [];
  }

  function wait(mediaId: number) {
    waiting.push(mediaId);
    // Relays and live transcodes give slots back without telling this queue: look again in a while.
    retryTimer ??= setTimeout(() => {
      retryTimer = null;
      requeueWaiting();
      pump();
    }, SLOT_RETRY_MS);
    retryTimer.unref();
  }

  async function finish(
    mediaId: number,
    values: { status: 'ready' | 'failed'; error: string } & Record<string, unknown>,
  ) {
    await db
      .updateTable('media')
      .set({ ...values, updatedAt: new Date() })
      .where('id', '=', mediaId)
      .where('status', '=', 'transcoding')
      .execute();
  }

  async function run(mediaId: number, entry: { child: ChildProcess | null }) {
    const queued = await db
      .selectFrom('media')
      .select('agentId')
      .where('id', '=', mediaId)
      .where('status', '=', 'pending')
      .where('sourceKind', '=', 'upload')
      .executeTakeFirst();
    if (!queued) return;
    const lease = slots.take(queued.agentId, `media:${mediaId}`);
    if (typeof lease === 'string') return wait(mediaId);
    try {
      await claimAndTranscode(mediaId, entry);
    } finally {
      lease.release();
    }
  }

  async function claimAndTranscode(mediaId: number, entry: { child: ChildProcess | null }) {
    // Claiming the row makes a media transcode once even when several processes share the database.
    const media = await db
      .updateTable('media')
      .set((eb) => ({
        status: 'transcoding',
        error: '',
        attempts: eb('attempts', '+', 1),
        transcodedBy: options.owner ?? null,
        updatedAt: new Date(),
      }))
      .where('id', '=', mediaId)
      .where('status', '=', 'pending')
      .returning(['id', 'agentId', 'source', 'sourceKind'])
      .executeTakeFirst();
    if (media?.sourceKind !== 'upload') return;
    try {
      await transcode(media, entry);
    } catch (error) {
      // Whatever went wrong around ffmpeg (the disk, the database), the row must not stay "transcoding".
      await finish(mediaId, {
        status: 'failed',
        error: (error as Error).message.replaceAll(`${filesRoot}${path.sep}`, '').slice(0, 1000),
        outputKey: '',
        sizeBytes: 0,
      });
    }
  }

  async function transcode(
    media: { id: number; agentId: number; source: string },
    entry: { child: ChildProcess | null },
  ) {
    const outputKey = mediaOutputDir(media.agentId, media.id);
    // With files in a bucket ffmpeg works in a private folder: the source is copied in, the HLS output copied out.
    const work = files.localPath(media.source) === null ? await mkdtemp(path.join(tmpdir(), 'yanbo-transcode-')) : null;
    try {
      await transcodeIn(media, entry, outputKey, work);
    } finally {
      if (work) await rm(work, { recursive: true, force: true });
    }
  }

  /** Copies a finished HLS output to the storage under outputKey, in place of an earlier attempt's. */
  async function publishOutput(outputDir: string, outputKey: string) {
    await Promise.all((await files.list(`${outputKey}/`)).map((file) => files.remove(file.key)));
    for (const name of await readdir(outputDir)) {
      const contentType = name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t';
      await files.put(`${outputKey}/${name}`, createReadStream(path.join(outputDir, name)), { contentType });
    }
  }

  async function transcodeIn(
    media: { id: number; agentId: number; source: string },
    entry: { child: ChildProcess | null },
    outputKey: string,
    work: string | null,
  ) {
    const mediaId = media.id;
    const outputDir = work ? path.join(work, 'hls') : path.join(filesRoot, outputKey);
    let source = path.join(filesRoot, media.source);
    if (work) {
      source = path.join(work, `source${path.extname(media.source)}`);
      const stored = await files.get(media.source);
      if (!stored) throw new Error(`${media.source}: No such file or directory`);
      await pipeline(stored.stream, createWriteStream(source, { mode: 0o600 }));
    }
    await rm(outputDir, { recursive: true, force: true });
    await mkdir(outputDir, { recursive: true });
    let timedOut = false;
    const result = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>(
      (resolve) => {
        // file: keeps ffmpeg from reading a protocol prefix out of a stored name.
        const child = spawn(ffmpegPath, ffmpegArgs(`file:${source}`, outputDir), {
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        entry.child = child;
        const limit = setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, timeoutMs);
        child.once('close', () => clearTimeout(limit));
        let stderr = '';
        let head = '';
        child.stderr?.on('data', (chunk: Buffer) => {
          const text = chunk.toString('utf8');
          if (head.length < STDERR_KEEP) head += text;
          stderr = (stderr + text).slice(-STDERR_KEEP);
        });
        child.once('error', (error: NodeJS.ErrnoException) =>
          resolve({
            code: null,
            signal: null,
            stderr: error.code === 'ENOENT' ? 'ffmpeg is not installed on the server' : error.message,
          }),
        );
        child.once('close', (code, signal) => resolve({ code, signal, stderr: `${head}\n${stderr}` }));
      },
    );
    if (result.code === 0) {
      if (work) await publishOutput(outputDir, outputKey);
      await finish(mediaId, {
        status: 'ready',
        error: '',
        outputKey: `${outputKey}/${MEDIA_PLAYLIST}`,
        durationSeconds: parseDuration(result.stderr),
        sizeBytes: (await directoryUsage(outputDir)).bytes,
      });
      return;
    }
    await rm(outputDir, { recursive: true, force: true });
    const reason = closing
      ? 'interrupted by a server shutdown'
      : timedOut
        ? transcodeTimeoutReason(timeoutMs)
        : failureReason(result.stderr.slice(-2000), result.code, result.signal)
            .replaceAll(`${filesRoot}${path.sep}`, '')
            .replaceAll(`${work ?? filesRoot}${path.sep}`, '');
    await finish(mediaId, { status: 'failed', error: reason, outputKey: '', sizeBytes: 0 });
  }

  return {
    enqueue(mediaId) {
      if (closing || queue.includes(mediaId) || running.has(mediaId) || waiting.includes(mediaId)) return;
      queue.push(mediaId);
      pump();
    },
    idle() {
      if (queue.length === 0 && running.size === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      closing = true;
      queue.length = 0;
      waiting = [];
      if (retryTimer) clearTimeout(retryTimer);
      const entries = [...running.values()];
      for (const entry of entries) entry.child?.kill('SIGTERM');
      await Promise.all(entries.map((entry) => entry.done));
      settleIdle();
    },
  };
}

/** The transcodes of processes whose heartbeat stopped say they were interrupted (at start-up and every heartbeat). */
export async function failDeadTranscodes(db: Db, self: Pick<ServerProcess, 'id' | 'shared'>) {
  await db
    .updateTable('media')
    .set({ status: 'failed', error: 'interrupted by a server restart', updatedAt: new Date() })
    .where('status', '=', 'transcoding')
    .where(ownerIsDead(self, 'media.transcoded_by'))
    .execute();
}

/**
 * Transcodes belong to the process that ran them: those of a dead process (issue 15: never a living one's) say they
 * were interrupted, and queued ones run again. Without `self`, every transcode found running is a dead one's.
 */
export async function resumeTranscodes(
  db: Db,
  transcoder: Transcoder,
  self: Pick<ServerProcess, 'id' | 'shared'> = { id: '', shared: false },
) {
  await failDeadTranscodes(db, self);
  const pending = await db.selectFrom('media').select('id').where('status', '=', 'pending').orderBy('id').execute();
  for (const row of pending) transcoder.enqueue(row.id);
}
