import { lookup as dnsLookup } from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

// The one rule for every address an agent types that this server then contacts (relay sources today; any pull source,
// webhook or import by URL tomorrow must use it too). Issue 8: nothing an agent types may make the server reach a
// loopback, private, link-local, CGNAT, multicast, reserved or cloud-metadata address, or listen for anyone.

/** What a URL is fetched for; each use allows its own schemes. */
export type OutboundUse = 'relay';

/** Relay (and pull) sources: RTMP(S), HTTP(S) for HTTP-FLV and HLS, SRT as a caller only. */
export const OUTBOUND_SCHEMES: Record<OutboundUse, readonly string[]> = {
  relay: ['rtmp', 'rtmps', 'http', 'https', 'srt'],
};

/** The port each scheme connects to when the URL names none (ffmpeg's own defaults; SRT has none). */
const DEFAULT_PORTS: Record<string, number> = { rtmp: 1935, rtmps: 443, http: 80, https: 443 };

/** Cloud metadata services, refused by name as well as by range (AWS, AWS over IPv6, Alibaba Cloud). */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

/** SRT query options that would make ffmpeg bind or listen on this server instead of calling out. */
const SRT_LOCAL_OPTIONS = ['localip', 'localport', 'listen_timeout'];

/** Why an address was refused; the API names the field and shows one fixed text per reason. */
export type OutboundRefusalReason = 'scheme' | 'host' | 'srtMode' | 'address' | 'unresolved';

export class OutboundRefusal extends Error {
  readonly reason: OutboundRefusalReason;
  constructor(reason: OutboundRefusalReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** Every address a host name resolves to. */
export type Lookup = (hostname: string) => Promise<string[]>;
/** Opens a TCP connection to an address the rule allowed (tests answer a public-looking address from loopback). */
export type Dial = (address: string, port: number) => net.Socket;

export interface OutboundRules {
  /** RELAY_ALLOW_PRIVATE: on-premises sources on private addresses are allowed; schemes are still checked. */
  allowPrivate: boolean;
  lookup: Lookup;
  dial: Dial;
}

/** How long a name may take to resolve before it counts as unresolvable. */
const LOOKUP_TIMEOUT_MS = 5_000;

const systemLookup: Lookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export function createOutboundRules(
  options: { allowPrivate?: boolean; lookup?: Lookup; dial?: Dial } = {},
): OutboundRules {
  return {
    allowPrivate: options.allowPrivate ?? false,
    lookup: options.lookup ?? systemLookup,
    dial: options.dial ?? ((address, port) => net.connect({ host: address, port })),
  };
}

/**
 * Whether an address is ordinary public unicast. Everything else is refused: ipaddr.js names the special ranges
 * (loopback, private, linkLocal, carrierGradeNat, multicast, unspecified, broadcast, reserved, uniqueLocal, 6to4,
 * teredo, NAT64 …), so only its `unicast` passes, and an IPv4-mapped IPv6 address is judged as the IPv4 it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address) || isMetadataAddress(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

function isMetadataAddress(address: string): boolean {
  return ipaddr.isValid(address) && METADATA_ADDRESSES.has(ipaddr.process(address).toString());
}

const unbracket = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/** Resolves a host and answers its addresses when the rule allows all of them; refuses when any one is not public. */
export async function resolveAllowed(rules: OutboundRules, hostname: string): Promise<string[]> {
  const host = unbracket(hostname);
  if (!host) throw new OutboundRefusal('host', 'no host');
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    let timer: NodeJS.Timeout | undefined;
    try {
      addresses = await Promise.race([
        rules.lookup(host),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('lookup timed out')), LOOKUP_TIMEOUT_MS);
        }),
      ]);
    } catch {
      throw new OutboundRefusal('unresolved', 'the host could not be resolved');
    } finally {
      clearTimeout(timer);
    }
  }
  if (addresses.length === 0) throw new OutboundRefusal('unresolved', 'the host could not be resolved');
  // A name answering one public and one private address is refused: the connection could take either. Metadata
  // services stay refused on premises too: a relay never needs the cloud's credentials.
  const allowed = rules.allowPrivate ? (address: string) => !isMetadataAddress(address) : isPublicAddress;
  if (!addresses.every(allowed)) {
    throw new OutboundRefusal('address', 'private, loopback and reserved addresses are not allowed');
  }
  return addresses;
}

/** A URL the rule allowed, with the address the connection must go to (never resolved again by someone else). */
export interface OutboundTarget {
  url: URL;
  scheme: string;
  /** The host as typed, without IPv6 brackets (for TLS names, RTMP tcUrl and Host headers). */
  hostname: string;
  port: number;
  address: string;
}

/** Checks a URL for a use: its scheme, its host, SRT's mode, and every address its host resolves to. */
export async function checkOutboundUrl(rules: OutboundRules, raw: string, use: OutboundUse): Promise<OutboundTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusal('scheme', 'not a valid address');
  }
  const scheme = url.protocol.replace(/:$/, '').toLowerCase();
  if (!OUTBOUND_SCHEMES[use].includes(scheme)) throw new OutboundRefusal('scheme', `${scheme} is not allowed`);
  const hostname = unbracket(url.hostname);
  if (!hostname) throw new OutboundRefusal('host', 'the address names no host');
  if (scheme === 'srt') {
    // ffmpeg's SRT listens in listener and rendezvous modes: a relay would wait on this server for anyone to connect.
    const mode = url.searchParams.get('mode');
    if ((mode !== null && mode !== 'caller') || SRT_LOCAL_OPTIONS.some((option) => url.searchParams.has(option))) {
      throw new OutboundRefusal('srtMode', 'srt is allowed in caller mode only');
    }
    if (!url.port) throw new OutboundRefusal('host', 'an srt address needs a port');
  }
  const port = url.port ? Number(url.port) : (DEFAULT_PORTS[scheme] as number);
  const [address] = await resolveAllowed(rules, hostname);
  return { url, scheme, hostname, port, address: address as string };
}
