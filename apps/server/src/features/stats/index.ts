// The statistics feature's door.

export { type Region, regionOf } from './ip-region.ts';
export { registerStatsRoutes } from './stats-routes.ts';
