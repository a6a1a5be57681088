// The audience feature's door: its calls, keeping a person when a viewer proves a mobile (the watch page's SMS
// sign-in, registration), and whether a viewer is a blocked person (the chat's restrictions and the watch page).
export { registerAudienceRoutes } from './audience-routes.ts';
export { readExtraFields } from './extra-fields-service.ts';
export {
  blockedOnActivitySql,
  isBlockedOnActivity,
  isMobileBlocked,
  keepPerson,
  recordPersonExtra,
} from './people-service.ts';
