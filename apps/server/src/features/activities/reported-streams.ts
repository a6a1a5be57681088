import { MEDIA_REPORT_LAPSE_INTERVALS } from '@yanbo/contracts/media-report';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

// The streams media sources report receiving (media_sources, kept by live-stream/media-reports.ts): a source is alive
// while its latest report is younger than MEDIA_REPORT_LAPSE_INTERVALS of its interval.

/** The sources whose latest report is recent enough: they are alive. */
function livingSources(db: Db) {
  return db
    .selectFrom('mediaSources')
    .where(
      sql<boolean>`reported_at >= now() - make_interval(secs => interval_ms * ${MEDIA_REPORT_LAPSE_INTERVALS} / 1000.0)`,
    );
}

/** The living sources whose latest report lists app/stream. */
export function sourcesCarrying(db: Db, app: string, stream: string) {
  return livingSources(db).where(sql<boolean>`streams @> ${JSON.stringify([{ app, stream }])}::jsonb`);
}

/**
 * Where a live transcode reads app/stream's push when a media process receives it: the RTMP address of a living media
 * process whose report lists the stream (the first by name when several do); null when none does.
 */
export async function reportedRtmpUrl(db: Db, app: string, stream: string): Promise<string | null> {
  const row = await sourcesCarrying(db, app, stream)
    .select('rtmpUrl')
    .where('pushes', '=', true)
    .where('rtmpUrl', 'is not', null)
    .orderBy('source')
    .executeTakeFirst();
  return row?.rtmpUrl ?? null;
}

/** Whether a living media process offers live transcoding (it reports where its RTMP is reached). */
export async function reportedTranscoding(db: Db): Promise<boolean> {
  const row = await livingSources(db)
    .select('source')
    .where('pushes', '=', true)
    .where('rtmpUrl', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}
