// Where an activity's stored files are kept, named once for the features that write them and the destroy that
// removes what dies with the activity.

/** activity/{id}/: the activity's uploads (pictures, videos, form attachments), counted in its agent's storage. */
export const activityFolder = (activityId: number) => `activity/${activityId}/`;

/**
 * activity/{id}/photos/: photo live's pictures (图片直播). Only the activity's photo rows name them (a copy of the
 * activity takes none), so they go with the activity when it is destroyed.
 */
export const activityPhotoFolder = (activityId: number) => `${activityFolder(activityId)}photos/`;
