import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';

// Connections before any request (issue 8, HTTP the same way): one address may hold at most so many open connections
// (idle keep-alives, event streams, FLV readers), and the process so many in all, so no single client can take the
// file descriptors every other request needs. The proxies TRUST_PROXY names carry many clients and are not capped
// per address; their clients meet the per-client limits of the routes instead.

export interface ConnectionCaps {
  perAddress: number;
  total: number;
  /** Addresses or CIDRs (TRUST_PROXY) whose connections are not counted per address. */
  exempt: string[];
}

/** Caps the server's connections; answers how many each address holds now (for tests and diagnostics). */
export function capConnections(server: Server, caps: ConnectionCaps): (address: string) => number {
  const open = new Map<string, number>();
  const trusted = addressMatcher(caps.exempt);
  // Node refuses connections past maxConnections itself (it closes them on arrival).
  server.maxConnections = caps.total;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (trusted(address)) return;
    const held = open.get(address) ?? 0;
    if (held >= caps.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return (address) => open.get(address) ?? 0;
}

/** A test for membership in a list of addresses and CIDRs (IPv4-mapped IPv6 addresses count as IPv4). */
export function addressMatcher(entries: string[]): (address: string) => boolean {
  const ranges = entries.map((entry) => {
    if (entry.includes('/')) return ipaddr.parseCIDR(entry);
    const single = ipaddr.process(entry);
    return [single, single.kind() === 'ipv4' ? 32 : 128] as [ipaddr.IPv4 | ipaddr.IPv6, number];
  });
  return (address) => {
    if (ranges.length === 0 || !ipaddr.isValid(address)) return false;
    const parsed = ipaddr.process(address);
    return ranges.some(([range, bits]) =>
      parsed.kind() === 'ipv4'
        ? range.kind() === 'ipv4' && (parsed as ipaddr.IPv4).match(range as ipaddr.IPv4, bits)
        : range.kind() === 'ipv6' && (parsed as ipaddr.IPv6).match(range as ipaddr.IPv6, bits),
    );
  };
}
