import { parentPort, workerData } from 'node:worker_threads';
import { WebSocket } from 'ws';

// One worker thread's share of the chat benchmark's viewers (bench/chat-fanout.ts): it opens its sockets a few at a
// time, each from a loopback address of its own group of 50 (the chat's cap per address and activity), says hello
// with the viewer cookie it was given (its own id, signed as the watch page's visit signs it, so each socket is one
// viewer with a stable id), and counts every comment each socket receives, whether a frame holds one message or
// several (an array). Some of its viewers also send comments, each at most 4 per 10 s (the chat allows 5), whose text
// is the wall-clock time they were sent: a receiver's latency is its own clock minus that, in a histogram of 0.1 ms
// buckets.

export interface ViewersSetup {
  url: string;
  /** Viewer indexes [first, first + count) of the whole run: they pick the loopback addresses. */
  first: number;
  count: number;
  concurrency: number;
  perAddress: number;
  /** The Cookie header of each of this worker's viewers, by slot. */
  cookies: string[];
}

export interface ViewersReport {
  connected: number;
  /** Welcomed under the id their cookie holds (bench-viewer-<n>): the chat knows them as those viewers. */
  identified: number;
  /** Frames received that held comments: one each, or several each. */
  frames: number;
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
/** The slots of the viewers that send comments. */
const sendingSlots = new Set<number>();
let histogram = new Uint32Array(BUCKETS + 1);
let state = {
  connected: 0,
  identified: 0,
  frames: 0,
  failed: 0,
  closed: 0,
  sent: 0,
  refused: 0,
  received: 0,
  lastReceivedAt: 0,
};
const TEXT = Buffer.from('"text":"');
const COMMENT = Buffer.from('{"type":"comment"');
const WELCOME = Buffer.from('"type":"welcome"');
const REFUSED = Buffer.from('"type":"refused"');
const IDENTIFIED = Buffer.from('"userId":"bench-viewer-');

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
      headers: { cookie: setup.cookies[slot] as string },
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
    // A frame is scanned, not parsed: each comment in it is found by its start, its text read as the time it was sent.
    ws.on('message', (data: Buffer) => {
      if (!settled && data.includes(WELCOME)) {
        if (data.includes(IDENTIFIED)) state.identified++;
        settle(true);
      }
      // Only a sender is refused anything: the other frames are not scanned for it.
      if (sendingSlots.has(slot)) {
        for (let at = data.indexOf(REFUSED); at >= 0; at = data.indexOf(REFUSED, at + REFUSED.length)) state.refused++;
      }
      let at = data.indexOf(COMMENT);
      if (at < 0) return;
      state.frames++;
      const received = now();
      while (at >= 0) {
        const start = data.indexOf(TEXT, at);
        if (start < 0) return;
        // The text is the sending time in ms with three decimals, read digit by digit (2 million a second at full size).
        let end = start + TEXT.length;
        let digits = 0;
        let scale = 0;
        for (let c = data[end] as number; c !== 34 && end < data.length; c = data[++end] as number) {
          if (c === 46) scale = 1;
          else {
            digits = digits * 10 + (c - 48);
            scale *= 10;
          }
        }
        const sentAt = scale > 0 ? digits / scale : digits;
        state.received++;
        state.lastReceivedAt = received;
        const bucket = Math.max(0, Math.min(BUCKETS, Math.round((received - sentAt) * 10)));
        histogram[bucket]++;
        at = data.indexOf(COMMENT, end);
      }
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
  for (let turn = 0; turn < senders; turn += 1) sendingSlots.add(turn * step);
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
    state = { ...state, frames: 0, sent: 0, refused: 0, received: 0, lastReceivedAt: 0 };
  } else if (command.cmd === 'close') {
    for (const ws of sockets) ws?.terminate();
    parentPort?.postMessage({ type: 'closed' });
  }
});

void connectAll();
