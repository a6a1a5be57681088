// The activity-settings feature's door.

export { registerActivitySettingsRoutes } from './activity-settings-routes.ts';
