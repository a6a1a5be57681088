// The text live feature's door: the organiser's 图文直播 posts and the watch page's tab.
export { registerTextLiveRoutes } from './text-live-routes.ts';
