import { readFile } from 'node:fs/promises';
import { type S3StandIn, startS3StandIn } from '../apps/server/test/support/s3-stand-in.ts';
import { freePort, type RunningServer, startServer } from '../e2e/start-server.ts';
import { writeSection } from './readme-section.ts';

// What an upload costs the API process: the console's picture uploads (4 MiB each, 4 at a time) through the server
// to DATA_DIR/files (the baseline), through the server into an S3 bucket, and straight to the bucket under a presigned
// POST policy then completed (the server reads the object's size, type and first bytes). The bucket is a local S3
// stand-in in this process, so its own work is not counted: the figure is the API process's CPU time per upload
// (/proc/{pid}/stat), measured in the same run for the three ways.

const ADMIN = { mobile: '13800000027', password: 'bench-pass-1' };
const FILE_BYTES = 4 * 1024 * 1024;
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 32);
const CONCURRENCY = 4;
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(FILE_BYTES - 8, 7)]);

interface Policy {
  url: string;
  token: string;
  fields?: Record<string, string>;
}

/** The process's user and system CPU time in seconds (Linux clock ticks of 100 Hz). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/agent/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.mobile, password: ADMIN.password }),
  });
  return ((await response.json()) as { token: string }).token;
}

async function uploadOnce(server: RunningServer, token: string, direct: boolean): Promise<void> {
  const query = direct ? '?type=image%2Fpng' : '';
  const policy = (await (
    await fetch(`${server.baseUrl}/api/v3/upload-policy/agent${query}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as Policy;
  const form = new FormData();
  if (policy.fields) for (const [name, value] of Object.entries(policy.fields)) form.append(name, value);
  else form.append('token', policy.token);
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'picture.png');
  const target = policy.fields ? policy.url : `${server.baseUrl}${policy.url}`;
  const posted = await fetch(target, { method: 'POST', body: form });
  if (!posted.ok) throw new Error(`upload: ${posted.status} ${await posted.text()}`);
  if (!policy.fields) return;
  const completed = await fetch(`${server.baseUrl}/api/upload/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: policy.token }),
  });
  if (!completed.ok) throw new Error(`complete: ${completed.status} ${await completed.text()}`);
}

async function measureUploads(server: RunningServer, direct: boolean) {
  const token = await signIn(server);
  await uploadOnce(server, token, direct);
  const cpuBefore = await cpuSeconds(server.pid);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < UPLOADS) {
        next += 1;
        await uploadOnce(server, token, direct);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = (await cpuSeconds(server.pid)) - cpuBefore;
  return { perSecond: UPLOADS / seconds, cpuMsPerUpload: (cpu * 1000) / UPLOADS };
}

async function serverWith(env: Record<string, string>) {
  return startServer({
    ADMIN_MOBILE: ADMIN.mobile,
    ADMIN_PASSWORD: ADMIN.password,
    RTMP_PORT: String(await freePort()),
    RTMP_HOST: '127.0.0.1',
    // One process: no media worker to fork.
    MEDIA_PROCESS: 'inline',
    ...env,
  });
}

export async function benchStorageUploads() {
  let standIn: S3StandIn | null = null;
  const servers: RunningServer[] = [];
  try {
    standIn = await startS3StandIn();
    const local = await serverWith({});
    servers.push(local);
    const bucket = await serverWith({
      S3_ENDPOINT: standIn.endpoint,
      S3_BUCKET: standIn.bucket,
      S3_REGION: standIn.region,
      S3_ACCESS_KEY_ID: standIn.accessKeyId,
      S3_SECRET_ACCESS_KEY: standIn.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
    servers.push(bucket);
    const rows = [
      ['through the server to `DATA_DIR/files` (baseline)', await measureUploads(local, false)],
      ['through the server into the bucket', await measureUploads(bucket, false)],
      ['straight to the bucket (presigned POST), then completed', await measureUploads(bucket, true)],
    ] as const;
    const baseline = rows[0][1].cpuMsPerUpload;
    const table = rows
      .map(
        ([label, figures]) =>
          `| ${label} | ${figures.perSecond.toFixed(1)} | ${figures.cpuMsPerUpload.toFixed(1)} | ${(figures.cpuMsPerUpload / baseline).toFixed(2)}× |`,
      )
      .join('\n');
    console.log(table);
    await writeSection(
      'storage-uploads',
      `## Uploads to S3-compatible storage

${UPLOADS} console picture uploads of 4 MiB, ${CONCURRENCY} at a time, to one API process; the bucket is the local S3
stand-in (apps/server/test/support/s3-stand-in.ts) in the benchmark's own process, so only the API's work is counted.
CPU is the API process's user and system time per upload (\`/proc/{pid}/stat\`), against the upload through the server
to the local folder in the same run.

| way | uploads/s | API CPU ms per upload | against the baseline |
|---|---|---|---|
${table}

Straight to the bucket, the file's bytes never reach the API process: what is left is signing the policy, the
completion's HEAD and 12-byte ranged read, and the storage quota's listing of the agent's files (which grows with
their number, not their size). Uploads per second are bound by the stand-in sharing the benchmark's process.`,
    );
  } finally {
    for (const server of servers) await server.stop();
    await standIn?.close();
  }
}
