// The account feature's door: signing out, which the app's user menu offers on every screen.
export { useLogout } from './api/logout';
