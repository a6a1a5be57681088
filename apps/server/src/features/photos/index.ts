// The photos feature's door (photo live, 图片直播): an activity's photo lists, their uploads, and the watch page's tab.

export { photoListOwner } from './photo-repository.ts';
export { registerPhotoRoutes } from './photo-routes.ts';
