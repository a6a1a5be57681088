// The edit screen's route has no path parameters (seed 000 §2: /application/photoLive/edit): the list is named in
// its query string.
export const photoListEditPath = (list: { activityId: number; id: number }) =>
  `/application/photoLive/edit?activityId=${list.activityId}&listId=${list.id}`;

/** The activity and list the edit screen's query names, or null when either is missing or not an id. */
export function photoListFromSearch(search: URLSearchParams): { activityId: number; listId: number } | null {
  const activityId = Number(search.get('activityId'));
  const listId = Number(search.get('listId'));
  if (!Number.isInteger(activityId) || activityId < 1 || !Number.isInteger(listId) || listId < 1) return null;
  return { activityId, listId };
}
