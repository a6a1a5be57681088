// The rewards feature's door: lottery draws and red packets on the watch page, and the red-packet account.
export { registerRewardRoutes } from './reward-routes.ts';
