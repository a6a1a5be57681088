import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createTranscoder,
  failureReason,
  parseDuration,
  resumeTranscodes,
  transcodeTimeoutReason,
} from '../../src/features/media/transcoder.ts';
import { createJobSlots } from '../../src/platform/ffmpeg/job-slots.ts';
import { useWorld } from '../activity-world.ts';
import { engines } from '../harness.ts';
import { testVideo } from './media-helpers.ts';

describe('ffmpeg report parsing', () => {
  it('reads the input duration and the lines that say why it failed', () => {
    expect(parseDuration('Input #0, mov\n  Duration: 00:01:02.50, start: 0.000000')).toBe(62.5);
    expect(parseDuration('no duration here')).toBeNull();
    const stderr = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'x.mp4':",
      '  Metadata:',
      '    encoder         : Lavf59.27.100',
      '  Duration: 00:00:01.00, start: 0.000000, bitrate: 124 kb/s',
      '[mov,mp4,m4a,3gp,3g2,mj2 @ 0x1] moov atom not found',
      'x.mp4: Invalid data found when processing input',
    ].join('\n');
    expect(failureReason(stderr, 1, null)).toBe(
      '[mov,mp4,m4a,3gp,3g2,mj2 @ 0x1] moov atom not found\nx.mp4: Invalid data found when processing input',
    );
    expect(failureReason('', 1, null)).toBe('ffmpeg exited with 1');
    expect(failureReason('', null, 'SIGKILL')).toBe('ffmpeg was stopped (SIGKILL)');
  });
});

describe.each(engines)('transcoder on %s', (engine) => {
  const w = useWorld(engine);

  const insertMedia = async (source: string, status: 'pending' | 'transcoding') =>
    (
      await w.t.ctx.db
        .insertInto('media')
        .values({ agentId: w.a.id, name: path.basename(source), sourceKind: 'upload', source, status })
        .returningAll()
        .executeTakeFirstOrThrow()
    ).id;
  const row = (id: number) => w.t.ctx.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('reports a missing ffmpeg as the reason', async () => {
    const filesRoot = path.join(w.t.dataDir, 'files');
    mkdirSync(path.join(filesRoot, 'agent', String(w.a.id), 'files'), { recursive: true });
    writeFileSync(path.join(filesRoot, 'agent', String(w.a.id), 'files', 'a.mp4'), testVideo());
    const id = await insertMedia(`agent/${w.a.id}/files/a.mp4`, 'pending');
    const jobs = createTranscoder({
      db: w.t.ctx.db,
      owner: w.t.ctx.process.id,
      filesRoot,
      ffmpegPath: '/nonexistent/ffmpeg',
    });
    jobs.enqueue(id);
    await jobs.idle();
    expect(await row(id)).toMatchObject({
      status: 'failed',
      error: 'ffmpeg is not installed on the server',
      attempts: 1,
    });
    await jobs.close();
  });

  it('after a restart, an interrupted transcode is failed with the reason and queued ones run', async () => {
    const filesRoot = path.join(w.t.dataDir, 'files');
    writeFileSync(path.join(filesRoot, 'agent', String(w.a.id), 'files', 'b.mp4'), testVideo());
    const interrupted = await insertMedia(`agent/${w.a.id}/files/c.mp4`, 'transcoding');
    const queued = await insertMedia(`agent/${w.a.id}/files/b.mp4`, 'pending');
    const jobs = createTranscoder({ db: w.t.ctx.db, owner: w.t.ctx.process.id, filesRoot });
    await resumeTranscodes(w.t.ctx.db, jobs);
    await jobs.idle();
    expect(await row(interrupted)).toMatchObject({ status: 'failed', error: 'interrupted by a server restart' });
    expect(await row(queued)).toMatchObject({ status: 'ready', attempts: 1 });
    await jobs.close();
  });

  it('a shutdown stops a running ffmpeg and says so', async () => {
    const filesRoot = path.join(w.t.dataDir, 'files');
    // An "ffmpeg" that never finishes, so the shutdown surely finds it running.
    const slowFfmpeg = path.join(w.t.dataDir, 'slow-ffmpeg.sh');
    writeFileSync(slowFfmpeg, '#!/bin/sh\nexec sleep 60\n', { mode: 0o755 });
    const id = await insertMedia(`agent/${w.a.id}/files/d.mp4`, 'pending');
    const jobs = createTranscoder({ db: w.t.ctx.db, owner: w.t.ctx.process.id, filesRoot, ffmpegPath: slowFfmpeg });
    jobs.enqueue(id);
    for (let i = 0; i < 400 && (await row(id)).status !== 'transcoding'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    await jobs.close();
    expect(await row(id)).toMatchObject({ status: 'failed', error: 'interrupted by a server shutdown' });
  });

  it("refuses an upload that is a playlist in disguise, so it cannot read another agent's video", async () => {
    const filesRoot = path.join(w.t.dataDir, 'files');
    for (const agent of [w.a, w.b])
      mkdirSync(path.join(filesRoot, 'agent', String(agent.id), 'files'), { recursive: true });
    writeFileSync(path.join(filesRoot, 'agent', String(w.b.id), 'files', 'private.mp4'), testVideo());
    // An HLS playlist named .mp4 whose one segment is agent B's video (a relative path out of A's folder).
    writeFileSync(
      path.join(filesRoot, 'agent', String(w.a.id), 'files', 'playlist.mp4'),
      `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n../../${w.b.id}/files/private.mp4\n#EXT-X-ENDLIST\n`,
    );
    const id = await insertMedia(`agent/${w.a.id}/files/playlist.mp4`, 'pending');
    const jobs = createTranscoder({ db: w.t.ctx.db, owner: w.t.ctx.process.id, filesRoot });
    jobs.enqueue(id);
    await jobs.idle();
    expect(await row(id)).toMatchObject({ status: 'failed', outputKey: '' });
    await jobs.close();
  });

  it('stops a transcode at its wall-clock limit and says so', async () => {
    const filesRoot = path.join(w.t.dataDir, 'files');
    const slowFfmpeg = path.join(w.t.dataDir, 'slow-ffmpeg.sh');
    writeFileSync(slowFfmpeg, '#!/bin/sh\nexec sleep 60\n', { mode: 0o755 });
    const id = await insertMedia(`agent/${w.a.id}/files/e.mp4`, 'pending');
    const jobs = createTranscoder({
      db: w.t.ctx.db,
      owner: w.t.ctx.process.id,
      filesRoot,
      ffmpegPath: slowFfmpeg,
      timeoutMs: 1_000,
    });
    const started = Date.now();
    jobs.enqueue(id);
    await jobs.idle();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await row(id)).toMatchObject({ status: 'failed', error: transcodeTimeoutReason(1_000) });
    expect(transcodeTimeoutReason(1_000)).toBe('transcode took longer than 1 s');
    await jobs.close();
  });

  it("waits for a free ffmpeg job slot of its agent while other agents' media go ahead", async () => {
    const filesRoot = path.join(w.t.dataDir, 'files');
    for (const agent of [w.a, w.b])
      mkdirSync(path.join(filesRoot, 'agent', String(agent.id), 'files'), { recursive: true });
    writeFileSync(path.join(filesRoot, 'agent', String(w.a.id), 'files', 'f.mp4'), testVideo());
    writeFileSync(path.join(filesRoot, 'agent', String(w.b.id), 'files', 'g.mp4'), testVideo());
    const slots = createJobSlots({ perAgent: 1, total: 2 });
    // Agent A's one slot is taken by a relay.
    const relay = slots.take(w.a.id, 'relay:1');
    if (typeof relay === 'string') throw new Error('no slot');
    const mine = await insertMedia(`agent/${w.a.id}/files/f.mp4`, 'pending');
    const theirs = (
      await w.t.ctx.db
        .insertInto('media')
        .values({
          agentId: w.b.id,
          name: 'g.mp4',
          sourceKind: 'upload',
          source: `agent/${w.b.id}/files/g.mp4`,
          status: 'pending',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const jobs = createTranscoder({ db: w.t.ctx.db, owner: w.t.ctx.process.id, filesRoot, slots });
    jobs.enqueue(mine);
    jobs.enqueue(theirs);
    await expect.poll(async () => (await row(theirs)).status, { timeout: 20_000 }).toBe('ready');
    expect(await row(mine)).toMatchObject({ status: 'pending', attempts: 0 });
    relay.release();
    await jobs.idle();
    expect(await row(mine)).toMatchObject({ status: 'ready', attempts: 1 });
    expect(slots.used()).toBe(0);
    await jobs.close();
  });
});
