// The statistics feature's door.
export { registerStatsRoutes } from './stats-routes.ts';
