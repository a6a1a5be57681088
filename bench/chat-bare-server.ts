import { randomBytes } from 'node:crypto';
import { WebSocketServer } from 'ws';

// The chat benchmark's baseline: a bare `ws` server in a process of its own that speaks just enough of the chat's
// protocol for the same viewers — hello is answered with welcome, a comment is given an id and the same fields the
// chat sends, serialised once and sent to every socket. No storage, no rules, no hub. Prints its port.

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
let nextId = 1;

wss.on('connection', (socket) => {
  const sid = randomBytes(12).toString('base64url');
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string; nickname?: string; text?: string };
    if (message.type === 'hello') {
      socket.send(JSON.stringify({ type: 'welcome', sid, userId: sid, nickname: message.nickname, checkMode: false }));
    } else if (message.type === 'comment') {
      const payload = JSON.stringify({
        type: 'comment',
        comment: {
          id: nextId++,
          text: message.text,
          nickname: '观众',
          userId: sid,
          sid,
          status: 'passed',
          isRobot: false,
          avatar: null,
          isPinned: false,
          createdAt: new Date().toISOString(),
        },
      });
      for (const client of wss.clients) if (client.readyState === client.OPEN) client.send(payload);
    }
  });
});
wss.on('listening', () => {
  const address = wss.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
process.on('SIGTERM', () => process.exit(0));
