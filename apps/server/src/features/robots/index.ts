// The robots feature's door: the calls, the avatars served to every page, and the virtual audience's sample period.
export { registerRobotAvatars } from './robot-avatars.ts';
export { registerRobotRoutes } from './robot-routes.ts';
export { applyVirtualAudience, type LiveActivity } from './virtual-audience-service.ts';
