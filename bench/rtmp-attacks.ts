import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import {
  bigAmfConnect,
  commandPartials,
  dripHandshake,
  flood,
  hugeChunkStreams,
  mediaDeclarations,
  open,
} from '../apps/server/test/ingest/rtmp-attack-clients.ts';
import { RtmpTestClient } from '../apps/server/test/ingest/rtmp-test-client.ts';
import { freePort, startServer } from '../e2e/start-server.ts';
import { CONNECTIONS, DURATION_S, type Figures, measure } from './measure.ts';
import { writeSection } from './readme-section.ts';

// /api/healthz of the real server while its RTMP port is attacked as in issue 8, against the same route with the
// port quiet. Attackers connect from 127.0.0.2-9 (loopback on Linux, but not the server's own address), so the
// per-address caps apply to them.

interface Attack {
  label: string;
  /** Runs the attack again and again until stop() is called. */
  start(port: number): () => Promise<void>;
}

function repeat(port: number, once: (port: number) => Promise<unknown>) {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      try {
        await once(port);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}

const floods = (make: () => Iterable<Buffer>) => (port: number) =>
  Promise.all(['127.0.0.2', '127.0.0.3', '127.0.0.4'].map((address) => flood(port, address, make())));

const attacks: Attack[] = [
  {
    label: 'slowloris: handshakes dripped a byte every 2 s from 8 addresses',
    start(port) {
      let stopped = false;
      const held = new Set<{ socket: { destroy(): void } }>();
      const keep = async (address: string) => {
        while (!stopped) {
          try {
            const drip = await dripHandshake(port, address, 2000);
            held.add(drip);
            await drip.closed;
            held.delete(drip);
          } catch {
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      };
      const loops: Promise<void>[] = [];
      for (let i = 2; i <= 9; i++) for (let n = 0; n < 16; n++) loops.push(keep(`127.0.0.${i}`));
      return async () => {
        stopped = true;
        for (const drip of held) drip.socket.destroy();
        await Promise.all(loops);
      };
    },
  },
  {
    label: 'connection flood: 64 connections held from one address, each refused one retried after 20 ms',
    start(port) {
      let stopped = false;
      const held = new Set<{ socket: { destroy(): void } }>();
      const slot = async () => {
        while (!stopped) {
          try {
            const connection = await open(port, '127.0.0.2');
            held.add(connection);
            await connection.closed;
            held.delete(connection);
          } catch {}
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      const slots = Array.from({ length: 64 }, slot);
      return async () => {
        stopped = true;
        for (const connection of held) connection.socket.destroy();
        await Promise.all(slots);
      };
    },
  },
  {
    label: 'Set Chunk Size 8,000,000 with 8 MiB messages on 16 chunk streams, 3 connections',
    start: (port) =>
      repeat(
        port,
        floods(() => hugeChunkStreams(16)),
      ),
  },
  {
    label: '8 MiB video declarations on 40 chunk streams before a publish, 3 connections',
    start: (port) =>
      repeat(
        port,
        floods(() => mediaDeclarations(40)),
      ),
  },
  {
    label: '60 KB partial commands on 60 chunk streams, 3 connections',
    start: (port) =>
      repeat(
        port,
        floods(() => commandPartials(60)),
      ),
  },
  {
    label: '16 MB AMF connect with 1.5 M keys, 3 connections',
    start(port) {
      const bytes = bigAmfConnect();
      return repeat(
        port,
        floods(() => [bytes]),
      );
    },
  },
];

/** The server's resident memory, found by the data directory only it was started with. */
function serverRssMb(dataDir: string): number | null {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'latin1').includes(`DATA_DIR=${dataDir}\0`)) continue;
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return match ? Math.round(Number(match[1]) / 1024) : null;
    } catch {}
  }
  return null;
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

const row = (label: string, f: Figures, rss: number | null, connect: string) =>
  `| ${label} | ${f.rps} | ${f.p50} | ${f.p99} | ${f.errors} | ${rss ?? '?'} | ${connect} |`;

export async function benchRtmpAttacks() {
  const load = os.loadavg()[0].toFixed(1);
  const rtmpPort = await freePort();
  const server = await startServer({ RTMP_PORT: String(rtmpPort), RTMP_HOST: '127.0.0.1' });
  const rows: string[] = [];
  let worstP99 = 0;
  try {
    const url = `${server.baseUrl}/api/healthz`;
    const quiet = await measure(url);
    rows.push(
      row('none (baseline)', quiet, serverRssMb(server.dataDir), (await legitimateConnect(rtmpPort)) ? 'yes' : 'no'),
    );
    for (const attack of attacks) {
      const stop = attack.start(rtmpPort);
      let peak = 0;
      const sampler = setInterval(() => {
        peak = Math.max(peak, serverRssMb(server.dataDir) ?? 0);
      }, 200);
      try {
        const figures = await measure(url);
        const connected = await legitimateConnect(rtmpPort);
        worstP99 = Math.max(worstP99, figures.p99);
        console.log(`rtmp-attacks: ${attack.label}: healthz p99 ${figures.p99} ms, server rss peak ${peak} MB`);
        rows.push(row(attack.label, figures, peak || null, connected ? 'yes' : 'no'));
      } finally {
        clearInterval(sampler);
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
memory during it and whether a legitimate client at 127.0.0.1 still completed its handshake and connect. Goal: p99
under 50 ms during every attack.

| attack on the RTMP port | requests/s | p50 ms | p99 ms | errors | server rss peak MB | legitimate connect |
|---|---|---|---|---|---|---|
${rows.join('\n')}

Worst p99 under attack: **${worstP99} ms**.`,
  );
}
