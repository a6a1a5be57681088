import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { areaList } from '@vant/area-data';
import { type AreaLibrary, type AreaRegion, areaLibrary as areaLibrarySchema } from '@yanbo/contracts';

const vantVersion: string = createRequire(import.meta.url)('@vant/area-data/package.json').version;

// The area library (seed 000 §3): China's administrative divisions from @vant/area-data, six-digit GB/T 2260 codes for
// provinces, cities and districts alike. Built once per process: the answer never changes while the server runs.

/** Codes share their leading digits with the region above: 33xxxx is in 330000, 3301xx in 330100. */
const provinceOf = (code: string) => `${code.slice(0, 2)}0000`;
const cityOf = (code: string) => `${code.slice(0, 4)}00`;

function build(): { library: AreaLibrary; names: Map<number, string> } {
  const names = new Map<number, string>();
  const provinces = new Map<string, AreaRegion & { children: AreaRegion[] }>();
  const cities = new Map<string, AreaRegion & { children: AreaRegion[] }>();
  for (const [code, name] of Object.entries(areaList.province_list)) {
    provinces.set(code, { id: Number(code), name, type: 'province', children: [] });
    names.set(Number(code), name);
  }
  for (const [code, name] of Object.entries(areaList.city_list)) {
    const city = { id: Number(code), name, type: 'city' as const, children: [] };
    cities.set(code, city);
    provinces.get(provinceOf(code))?.children.push(city);
    names.set(Number(code), name);
  }
  for (const [code, name] of Object.entries(areaList.county_list)) {
    cities.get(cityOf(code))?.children.push({ id: Number(code), name, type: 'district' });
    names.set(Number(code), name);
  }
  // A city the library lists no districts for is a leaf of the cascade.
  for (const city of cities.values()) if (city.children.length === 0) delete (city as AreaRegion).children;
  return { library: { version: `vant-area-data@${vantVersion}`, items: [...provinces.values()] }, names };
}

let built: ReturnType<typeof build> | undefined;
let gzipped: Buffer | undefined;

export function areaLibrary(): AreaLibrary {
  built ??= build();
  return built.library;
}

/** Whether a code is a region of the library (any level: the default 330100 is a city). */
export function isKnownArea(code: number): boolean {
  built ??= build();
  return built.names.has(code);
}

/** The library as gzipped JSON, made once: 207 kB of JSON is 34 kB gzipped. */
export function areaLibraryGzip(): Buffer {
  gzipped ??= gzipSync(JSON.stringify(areaLibrarySchema.parse(areaLibrary())));
  return gzipped;
}
