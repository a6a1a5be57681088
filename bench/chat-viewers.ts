import { parentPort, workerData } from 'node:worker_threads';
import { WebSocket } from 'ws';

// One worker thread's share of the chat benchmark's viewers (bench/chat-fanout.ts): it opens its sockets a few at a
// time, each from a loopback address of its own group of 50 (the chat's cap per address and activity), says hello
// with a viewer cookie of its own, and counts every comment each socket receives. Some of its viewers also send
// comments, each at most 4 per 10 s (the chat allows 5), whose text is the wall-clock time they were sent: a
// receiver's latency is its own clock minus that, in a histogram of 0.1 ms buckets.

export interface ViewersSetup {
  url: string;
  /** Viewer indexes [first, first + count) of the whole run: they pick the loopback addresses. */
  first: number;
  count: number;
  concurrency: number;
  perAddress: number;
  cookie: string;
}

export interface ViewersReport {
  connected: number;
  failed: number;
  closed: number;
  sent: number;
  refused: number;
  received: number;
  /** Received comments per 0.1 ms of latency; the last bucket holds everything later. */
  histogram: Uint32Array;
  lastReceivedAt: number;
}

export type ViewersCommand =
  | { cmd: 'send'; perSecond: number; seconds: number; senders: number }
  | { cmd: 'progress' }
  | { cmd: 'report' }
  | { cmd: 'close' };

const BUCKETS = 600_000; // 60 s in 0.1 ms
const setup = workerData as ViewersSetup;
const now = () => performance.timeOrigin + performance.now();
const sockets: WebSocket[] = [];
let histogram = new Uint32Array(BUCKETS + 1);
let state = { connected: 0, failed: 0, closed: 0, sent: 0, refused: 0, received: 0, lastReceivedAt: 0 };
const TEXT = Buffer.from('"text":"');
const COMMENT = Buffer.from('{"type":"comment"');

function address(index: number) {
  const group = Math.floor(index / setup.perAddress);
  return `127.0.${1 + Math.floor(group / 250)}.${2 + (group % 250)}`;
}

function open(slot: number): Promise<void> {
  const index = setup.first + slot;
  return new Promise((resolve) => {
    const ws = new WebSocket(setup.url, {
      localAddress: address(index),
      perMessageDeflate: false,
      headers: { cookie: `${setup.cookie}=bench-viewer-${String(index).padStart(8, '0')}` },
    });
    sockets[slot] = ws;
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      if (ok) state.connected++;
      else state.failed++;
      resolve();
    };
    ws.on('error', () => settle(false));
    ws.on('close', () => {
      if (settled) state.closed++;
      settle(false);
    });
    ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', nickname: `观众${index}` })));
    ws.on('message', (data: Buffer) => {
      if (data.compare(COMMENT, 0, COMMENT.length, 0, COMMENT.length) !== 0) {
        if (!settled && data.includes('"welcome"')) settle(true);
        else if (data.includes('"refused"')) state.refused++;
        return;
      }
      const at = now();
      const start = data.indexOf(TEXT);
      if (start < 0) return;
      const from = start + TEXT.length;
      const sentAt = Number(data.toString('latin1', from, data.indexOf(34, from)));
      state.received++;
      state.lastReceivedAt = at;
      const bucket = Math.max(0, Math.min(BUCKETS, Math.round((at - sentAt) * 10)));
      histogram[bucket]++;
    });
  });
}

async function connectAll() {
  let next = 0;
  const lane = async () => {
    while (next < setup.count) await open(next++);
  };
  await Promise.all(Array.from({ length: Math.min(setup.concurrency, setup.count) }, lane));
  parentPort?.postMessage({ type: 'connected', ...state });
}

/** Sends `perSecond` comments a second for `seconds`, in turn from the first `senders` viewers (spread over them). */
function send(perSecond: number, seconds: number, senders: number) {
  const started = performance.now();
  const total = Math.round(perSecond * seconds);
  const step = Math.max(1, Math.floor(setup.count / senders));
  let turn = 0;
  const timer = setInterval(() => {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * perSecond));
    while (state.sent < due) {
      const ws = sockets[(turn++ % senders) * step];
      if (ws?.readyState !== WebSocket.OPEN) continue;
      ws.send(JSON.stringify({ type: 'comment', text: now().toFixed(3) }));
      state.sent++;
    }
    if (state.sent >= total) {
      clearInterval(timer);
      parentPort?.postMessage({ type: 'sent', sent: state.sent });
    }
  }, 2);
}

parentPort?.on('message', (command: ViewersCommand) => {
  if (command.cmd === 'send') send(command.perSecond, command.seconds, command.senders);
  else if (command.cmd === 'progress') parentPort?.postMessage({ type: 'progress', ...state });
  else if (command.cmd === 'report') {
    const report: ViewersReport = { ...state, histogram };
    parentPort?.postMessage({ type: 'report', ...report });
    histogram = new Uint32Array(BUCKETS + 1);
    state = { ...state, sent: 0, refused: 0, received: 0, lastReceivedAt: 0 };
  } else if (command.cmd === 'close') {
    for (const ws of sockets) ws?.terminate();
    parentPort?.postMessage({ type: 'closed' });
  }
});

void connectAll();
