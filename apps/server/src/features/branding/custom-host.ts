import { Resolver } from 'node:dns/promises';
import { BRANDING_ERRORS, ERROR_CODES, ERROR_MESSAGES, type HostVerification } from '@yanbo/contracts';
import ipaddr from 'ipaddr.js';
import type { Config } from '../../config.ts';
import { hmac } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';

// Custom hosts (issue 8: any agent could set 127.0.0.1 and restyle the platform's own /login for everyone). A host
// is refused when it is an IP literal, localhost, or one of the platform's own hosts; and it restyles /login only
// once its owner has proved control of it with a DNS TXT record whose value only this server can derive.

const DNS_TIMEOUT_MS = 3_000;
const VERIFY_LABEL = '_yanbo-verify';

/** The host part of PUSH_DOMAIN / PULL_DOMAIN-like values (`host:port`, `[v6]:port`). */
function hostOf(domain: string): string {
  const trimmed = domain.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(1, trimmed.indexOf(']'));
  return trimmed.replace(/:\d+$/, '');
}

/** The platform's own hosts: PUBLIC_HOSTS, and the hosts of the push and playback addresses. */
export function platformHosts(config: Pick<Config, 'publicHosts' | 'pushDomain' | 'pullDomain'>): Set<string> {
  return new Set([...config.publicHosts.map(hostOf), hostOf(config.pushDomain), hostOf(config.pullDomain)]);
}

/** Refuses a host no agent may claim, with 400 naming host. */
export function assertHostAllowed(
  config: Pick<Config, 'publicHosts' | 'pushDomain' | 'pullDomain'>,
  host: string,
): void {
  const lastLabel = host.split('.').at(-1) ?? '';
  const refused =
    ipaddr.isValid(host) ||
    // No top-level domain is all digits: 127.1 or 2130706433 are addresses too, written short.
    /^\d+$/.test(lastLabel) ||
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    platformHosts(config).has(host);
  if (refused) throw badRequest(ERROR_MESSAGES.hostNotAllowed, ERROR_CODES.hostNotAllowed, 'host');
}

/** The TXT record that proves control of host for this agent: a value derived from SECRET_KEY, the agent and host. */
export function hostVerification(secretKey: string, agentId: number, host: string): HostVerification {
  return {
    name: `${VERIFY_LABEL}.${host}`,
    value: `yanbo-verify=${hmac(secretKey, `custom-host:${agentId}:${host}`)}`,
  };
}

export type TxtLookup = (name: string) => Promise<string[][]>;

/** TXT lookups through DNS_RESOLVER when set (address or address:port), else the system's resolvers. */
export function createTxtLookup(dnsResolver: string): TxtLookup {
  return async (name) => {
    const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 2 });
    if (dnsResolver) resolver.setServers(dnsResolver.split(',').map((server) => server.trim()));
    return resolver.resolveTxt(name);
  };
}

/** Whether the record is in DNS now; a lookup that fails (no such name, timeout) is not a proof. */
export async function hostProven(lookup: TxtLookup, expected: HostVerification): Promise<boolean> {
  try {
    const records = await lookup(expected.name);
    // A long TXT value comes back in 255-byte chunks: a record is its chunks joined.
    return records.some((chunks) => chunks.join('') === expected.value);
  } catch {
    return false;
  }
}

export const hostNotVerified = () => badRequest(ERROR_MESSAGES.hostNotVerified, ERROR_CODES.hostNotVerified, 'host');
export const hostRequired = () => badRequest(BRANDING_ERRORS.hostRequired, ERROR_CODES.validation, 'host');
