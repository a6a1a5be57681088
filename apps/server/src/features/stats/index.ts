// The statistics feature's door.

export { type Region, regionOf } from './ip-region.ts';
export { registerStatsRoutes } from './stats-routes.ts';
export { getDevices, getOverview, getReferrers, getTimeline } from './stats-service.ts';
