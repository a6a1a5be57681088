// The robots feature's door: the calls, and the avatars served to every page.
export { registerRobotAvatars } from './robot-avatars.ts';
export { registerRobotRoutes } from './robot-routes.ts';
