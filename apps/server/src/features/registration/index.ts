// The registration feature's door: its calls (forms, bindings, records and review, the watch page's form), and the
// gate the watch page asks before it plays a bound activity.
export { registrationsOfActivities } from './registration-bindings.ts';
export { registrationGate } from './registration-gate.ts';
export { registerRegistrationRoutes } from './registration-routes.ts';
