import type { Db } from '../../platform/db/database.ts';

/**
 * An activity's interaction counts for the statistics (seed 001 §5: interaction stats ask for `avote` and `qa`):
 * ballots cast (read from the votes' kept voter counts), questions asked (not deleted), check-ins taken.
 */
export async function interactionCounts(
  db: Db,
  activityId: number,
): Promise<{ avote: number; qa: number; checkin: number }> {
  const [votes, questions, checkins] = await Promise.all([
    db
      .selectFrom('votes')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('voters'), eb.lit(0)).as('n'))
      .where('activityId', '=', activityId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('questions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('activityId', '=', activityId)
      .where('deletedAt', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('checkins')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('checkedIn'), eb.lit(0)).as('n'))
      .where('activityId', '=', activityId)
      .executeTakeFirstOrThrow(),
  ]);
  return { avote: Number(votes.n), qa: Number(questions.n), checkin: Number(checkins.n) };
}
