// The uploads feature's door: its routes (upload policies, the policy upload and an activity's picture upload).
export { registerUploadRoutes } from './upload-routes.ts';
