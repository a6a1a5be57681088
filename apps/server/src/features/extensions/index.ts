// The extensions feature's door: its calls (settings, switches, the questionnaire's), and the settings of an
// extension another feature follows (the check-ins follow the sign-in extension's rules).
export { registerExtensionRoutes } from './extension-routes.ts';
export { extensionSettings } from './extension-state.ts';
