import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { encodeAmf0Values } from '../apps/server/src/platform/ingest/amf0.ts';
import { encodeChunks, MessageType } from '../apps/server/src/platform/ingest/rtmp-chunk.ts';

// Readers of one live stream, in a process of their own so their cost is not the server's: HTTP-FLV readers (GET
// the .flv and discard it) or RTMP players (handshake, connect, createStream, play, then discard). Each connects
// from its own loopback address (127.0.0.2 …) so per-address caps do not stop them. Prints
// {"connected":n,"bytes":total} every second; SIGTERM closes them.

interface Options {
  kind: 'flv' | 'rtmp';
  count: number;
  host: string;
  port: number;
  /** flv: the request path; rtmp: the app and the stream name. */
  path?: string;
  app?: string;
  stream?: string;
}

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
let bytes = 0;
let connected = 0;
const sockets: net.Socket[] = [];

function command(streamId: number, name: string, txn: number, ...rest: Parameters<typeof encodeAmf0Values>[0]) {
  return encodeChunks(
    {
      csid: 3,
      typeId: MessageType.commandAmf0,
      streamId,
      timestamp: 0,
      payload: encodeAmf0Values([name, txn, ...rest]),
    },
    128,
  );
}

function open(index: number) {
  const socket = net.connect({
    host: options.host,
    port: options.port,
    localAddress: `127.0.${1 + Math.floor(index / 250)}.${2 + (index % 250)}`,
  });
  sockets.push(socket);
  socket.on('error', () => {});
  socket.on('close', () => connected--);
  socket.on('connect', () => {
    connected++;
    if (options.kind === 'flv') {
      socket.write(`GET ${options.path} HTTP/1.1\r\nHost: ${options.host}:${options.port}\r\n\r\n`);
      socket.on('data', (data: Buffer) => {
        bytes += data.length;
      });
      return;
    }
    socket.write(Buffer.concat([Buffer.from([3]), randomBytes(1536)]));
    let handshake = Buffer.alloc(0);
    let playing = false;
    socket.on('data', (data: Buffer) => {
      bytes += data.length;
      if (playing) return;
      handshake = Buffer.concat([handshake, data]);
      if (handshake.length < 3073) return;
      playing = true;
      const { app, stream, host, port } = options;
      socket.write(handshake.subarray(1, 1537));
      socket.write(
        command(0, 'connect', 1, { app, tcUrl: `rtmp://${host}:${port}/${app}`, flashVer: 'LNX 9,0,124,2' }),
      );
      socket.write(command(0, 'createStream', 2, null));
      socket.write(command(1, 'play', 0, null, stream ?? '', -1000));
    });
  });
}

for (let i = 0; i < options.count; i++) {
  open(i);
  if (i % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 20));
}
const report = setInterval(() => console.log(JSON.stringify({ connected, bytes })), 1000);
process.on('SIGTERM', () => {
  clearInterval(report);
  for (const socket of sockets) socket.destroy();
  process.exit(0);
});
