import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  bigAmfConnect,
  commandPartials,
  dripHandshake,
  flood,
  hugeChunkStreams,
  mediaDeclarations,
  open,
} from '../apps/server/test/ingest/rtmp-attack-clients.ts';

// The attacks of bench/rtmp-attacks.ts, each run in a worker thread of its own so that the attacker's work does not
// delay the measuring client's event loop.

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

export const attacks: Attack[] = [
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

if (!isMainThread && parentPort) {
  const port = parentPort;
  const { index, rtmpPort } = workerData as { index: number; rtmpPort: number };
  const stop = attacks[index].start(rtmpPort);
  port.once('message', async () => {
    await stop();
    port.postMessage('stopped');
  });
}
