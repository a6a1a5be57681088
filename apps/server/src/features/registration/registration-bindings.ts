import type { Db } from '../../platform/db/database.ts';

/**
 * The registration each of these activities is bound to (the 报名 kind, not the form application), by activity id:
 * for the rules elsewhere that an activity's binding decides, such as a catalog's chapters refusing an activity of
 * another registration (seed 001 §8 添加失败，活动已被应用在其它报名表下).
 */
export async function registrationsOfActivities(db: Db, activityIds: readonly number[]): Promise<Map<number, number>> {
  if (activityIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('registrationActivities')
    .select(['activityId', 'registrationId'])
    .where('activityId', 'in', [...activityIds])
    .where('kind', '=', 'enroll')
    .execute();
  return new Map(rows.map((row) => [row.activityId, row.registrationId]));
}
