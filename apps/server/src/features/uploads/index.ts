// The uploads feature's door: its routes (upload policies, the policy upload and an activity's picture upload), and
// the check that a stored file is what it claims (the watch page's registration files go through it too).
export { assertUploadContent } from './content-check.ts';
export { registerUploadRoutes } from './upload-routes.ts';
export { looksLikeImage } from './upload-service.ts';
