import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { capConnections } from '../../src/platform/connection-cap.ts';

// One address cannot hold more than its share of connections (issue 8): past the cap a new connection is closed on
// arrival, a closed one gives its place back, and a named proxy is not capped per address.

let server: Server | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

async function start(exempt: string[]) {
  server = createServer((_request, response) => response.end('ok'));
  const held = capConnections(server, { perAddress: 3, total: 100, exempt });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, held };
}

/** Opens a connection and answers whether the server kept it (an HTTP answer) or closed it. */
async function open(port: number): Promise<'kept' | 'closed'> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('data', () => resolve('kept'));
    socket.once('close', () => resolve('closed'));
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  });
}

describe('connection cap per address', () => {
  it('closes connections past the cap, and takes one again once a place is free', async () => {
    const { port, held } = await start([]);
    expect([await open(port), await open(port), await open(port)]).toEqual(['kept', 'kept', 'kept']);
    expect(await open(port)).toBe('closed');
    expect(held('127.0.0.1')).toBe(3);
    const first = sockets[0] as Socket;
    await new Promise((resolve) => {
      first.once('close', resolve);
      first.destroy();
    });
    // The server sees the close a moment after the client.
    let again: 'kept' | 'closed' = 'closed';
    for (let i = 0; i < 50 && again === 'closed'; i++) {
      again = await open(port);
      if (again === 'closed') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(again).toBe('kept');
  });

  it('does not cap a named proxy', async () => {
    const { port } = await start(['127.0.0.0/8']);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await open(port));
    expect(answers.every((answer) => answer === 'kept')).toBe(true);
  });
});
