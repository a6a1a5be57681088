// The page-template feature's door: the viewing page's template, which other settings (the page's menu and its
// subscribers) are kept in.

export { registerPageTemplateRoutes } from './page-template-routes.ts';
export { getTemplate, saveTemplate } from './template-service.ts';
