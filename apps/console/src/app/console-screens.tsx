// The screens around the signed-in console, drawn with antd: the entry's loading and failure screens, a failed or
// unknown screen and the no-access page. A chunk of their own, fetched when one of them shows, not on signing in.

export { EntryError } from './entry-error';
export { EntryLoading } from './entry-loading';
export { NoAccessPage } from './no-access-page';
export { NotFoundPage } from './not-found-page';
export { RouteError } from './route-error';
