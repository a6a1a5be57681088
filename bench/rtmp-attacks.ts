import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { RtmpTestClient } from '../apps/server/test/ingest/rtmp-test-client.ts';
import { freePort, startServer } from '../e2e/start-server.ts';
import { CONNECTIONS, DURATION_S, type Figures, measure } from './measure.ts';
import { writeSection } from './readme-section.ts';
import { attacks } from './rtmp-attack-worker.ts';

// /api/healthz of the real server while its RTMP port is attacked as in issue 8, against the same route with the
// port quiet. Attackers connect from 127.0.0.2-9 (loopback on Linux, but not the server's own address), so the
// per-address caps apply to them.

/** The server's process, found by the data directory only it was started with. */
function serverPid(dataDir: string): string | null {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'latin1').includes(`DATA_DIR=${dataDir}\0`)) return pid;
    } catch {}
  }
  return null;
}

function rssMb(pid: string | null): number | null {
  if (!pid) return null;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : null;
}

/** CPU seconds the process has used (user + system; clock ticks are 1/100 s on Linux). */
function cpuSeconds(pid: string | null): number {
  if (!pid) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Starts attack `index` in a worker thread; the function returned stops it and ends the worker. */
function startAttack(index: number, rtmpPort: number) {
  const worker = new Worker(new URL('./rtmp-attack-worker.ts', import.meta.url), { workerData: { index, rtmpPort } });
  return async () => {
    const stopped = new Promise((resolve) => worker.once('message', resolve));
    worker.postMessage('stop');
    await stopped;
    await worker.terminate();
  };
}

/** A legitimate client still gets through the handshake and connect while the attack runs. */
async function legitimateConnect(port: number): Promise<boolean> {
  try {
    const client = await RtmpTestClient.open(port);
    const reply = await client.connect('live', port);
    client.socket.destroy();
    return reply[0] === '_result';
  } catch {
    return false;
  }
}

const row = (label: string, f: Figures, rss: number | null, cpu: number, connect: string) =>
  `| ${label} | ${f.rps} | ${f.p50} | ${f.p99} | ${f.errors} | ${rss ?? '?'} | ${Math.round(cpu * 100)}% | ${connect} |`;

/** Measures healthz and, meanwhile, the server's peak memory and its share of a core. */
async function measureServer(url: string, pid: string | null) {
  let peak = rssMb(pid) ?? 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid) ?? 0);
  }, 200);
  const cpuBefore = cpuSeconds(pid);
  const started = Date.now();
  try {
    const figures = await measure(url);
    return { figures, peak, cpu: (cpuSeconds(pid) - cpuBefore) / ((Date.now() - started) / 1000) };
  } finally {
    clearInterval(sampler);
  }
}

export async function benchRtmpAttacks() {
  const load = os.loadavg()[0].toFixed(1);
  const rtmpPort = await freePort();
  const server = await startServer({ RTMP_PORT: String(rtmpPort), RTMP_HOST: '127.0.0.1' });
  const rows: string[] = [];
  let worstP99 = 0;
  try {
    const url = `${server.baseUrl}/api/healthz`;
    const pid = serverPid(server.dataDir);
    const quiet = await measureServer(url, pid);
    const quietConnect = (await legitimateConnect(rtmpPort)) ? 'yes' : 'no';
    rows.push(row('none (baseline)', quiet.figures, quiet.peak, quiet.cpu, quietConnect));
    for (const [index, attack] of attacks.entries()) {
      const stop = startAttack(index, rtmpPort);
      try {
        const { figures, peak, cpu } = await measureServer(url, pid);
        const connected = await legitimateConnect(rtmpPort);
        worstP99 = Math.max(worstP99, figures.p99);
        console.log(`rtmp-attacks: ${attack.label}: healthz p99 ${figures.p99} ms, server rss peak ${peak} MB`);
        rows.push(row(attack.label, figures, peak, cpu, connected ? 'yes' : 'no'));
      } finally {
        await stop();
      }
    }
  } finally {
    await server.stop();
  }
  await writeSection(
    'rtmp-attacks',
    `## \`GET /api/healthz\` while the RTMP port is attacked

The real server (embedded ingest, PGlite), ${CONNECTIONS} connections for ${DURATION_S} s per row after a 2 s warm-up,
autocannon in the same run on ${os.cpus().length} cores (${new Date().toISOString().slice(0, 10)}, load average ${load} when it
began: the attackers, autocannon and the server share the cores, so a busy machine inflates every row). Each attack of issue
8 runs again and again from 127.0.0.2-9 for the whole measurement; the last columns give the server's peak resident
memory and CPU (a share of one core, serving healthz included) during it, and whether a legitimate client at 127.0.0.1
still completed its handshake and connect. Goal: p99 under 50 ms during every attack.

| attack on the RTMP port | requests/s | p50 ms | p99 ms | errors | server rss peak MB | server CPU | legitimate connect |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Worst p99 under attack: **${worstP99} ms**.`,
  );
}
