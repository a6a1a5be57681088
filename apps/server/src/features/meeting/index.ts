// The meeting feature's door.
export { registerMeetingRoutes } from './meeting-routes.ts';
