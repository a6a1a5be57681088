// The statistics feature's door.

export { type Region, regionOf } from './ip-region.ts';
export { getInteractive, getRevenue } from './stats-audience-service.ts';
export { registerStatsRoutes } from './stats-routes.ts';
export { getDevices, getOnline, getOverview, getReferrers, getRegions, getTimeline } from './stats-service.ts';
