import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

// A DNS server for tests, on a free UDP port of 127.0.0.1: it answers TXT questions from a table and NXDOMAIN for
// anything else, which is all the custom-host check asks (RFC 1035 §4.1 message format, no compression on questions).

export interface DnsStandIn {
  /** `127.0.0.1:port`, as DNS_RESOLVER takes it. */
  address: string;
  /** TXT records by lower-case name; each record is a list of strings (chunks). */
  records: Map<string, string[][]>;
  /** Questions seen, by name. */
  asked: string[];
  close(): Promise<void>;
}

function readName(message: Buffer, offset: number): { name: string; next: number } {
  const labels: string[] = [];
  let at = offset;
  for (;;) {
    const length = message[at] ?? 0;
    at += 1;
    if (length === 0) break;
    labels.push(message.subarray(at, at + length).toString('latin1'));
    at += length;
  }
  return { name: labels.join('.').toLowerCase(), next: at };
}

function txtRecord(chunks: string[]): Buffer {
  const data = Buffer.concat(
    chunks.map((chunk) => {
      const bytes = Buffer.from(chunk, 'utf8');
      return Buffer.concat([Buffer.from([bytes.length]), bytes]);
    }),
  );
  const header = Buffer.alloc(12);
  header.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
  header.writeUInt16BE(16, 2); // TXT
  header.writeUInt16BE(1, 4); // IN
  header.writeUInt32BE(60, 6); // TTL
  header.writeUInt16BE(data.length, 10);
  return Buffer.concat([header, data]);
}

export async function startDnsStandIn(): Promise<DnsStandIn> {
  const socket = createSocket('udp4');
  const records = new Map<string, string[][]>();
  const asked: string[] = [];
  socket.on('message', (message, remote) => {
    if (message.length < 12) return;
    const { name, next } = readName(message, 12);
    const type = message.readUInt16BE(next);
    asked.push(name);
    const question = message.subarray(12, next + 4);
    const answers = type === 16 ? (records.get(name) ?? []) : [];
    const header = Buffer.alloc(12);
    message.copy(header, 0, 0, 2); // id
    // QR, opcode 0, AA, RD copied, RA; RCODE 3 (NXDOMAIN) when the name is unknown.
    header.writeUInt16BE(0x8400 | (message.readUInt16BE(2) & 0x0100) | 0x0080 | (records.has(name) ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, question, ...answers.map(txtRecord)]), remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    records,
    asked,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
