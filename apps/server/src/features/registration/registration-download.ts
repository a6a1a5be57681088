import { areaList } from '@vant/area-data';
import { REGISTRATION_ERRORS, type RegistrationField, type ReviewStatus } from '@yanbo/contracts';
import { formatBeijingTime } from '@yanbo/contracts/beijing-time';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { type Cell, csvFromCells } from '../exports/index.ts';
import { boundRegistration, fieldsOf } from './registration-service.ts';

// The registration CSV (seed 001 §7 "Downloads": /api/activity/{id}/registration/download): the records of the form
// bound to the activity, one row a person, through the exports' file writer (BOM, CRLF, the CSV cell rule), with
// Chinese headings, Beijing times, a column per field of the form as it stands, streamed a batch at a time.

const BATCH = 500;
const STATUS_TEXT: Record<ReviewStatus, string> = { pending: '待审核', approved: '已通过', rejected: '未通过' };
const SOURCE_TEXT = { form: '报名', whitelist: '白名单' } as const;

const names = new Map<number, string>(
  [areaList.province_list, areaList.city_list, areaList.county_list].flatMap((list) =>
    Object.entries(list).map(([code, name]) => [Number(code), name] as const),
  ),
);
/** A region code as its names from the province down (浙江省 杭州市 西湖区). */
function regionName(code: number): string {
  const text = String(code);
  const chain = [Number(`${text.slice(0, 2)}0000`), Number(`${text.slice(0, 4)}00`), code];
  return [...new Set(chain)]
    .map((part) => names.get(part))
    .filter(Boolean)
    .join(' ');
}

function cellOf(field: RegistrationField, value: unknown): Cell {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join('、');
  if (field.type === 'region' && typeof value === 'number') return regionName(value);
  return typeof value === 'number' ? value : String(value);
}

/** The file's name and its batches of rows. */
export async function registrationFile(db: Db, caller: Caller, activityId: number) {
  const checked = await ownActivity(db, caller, activityId);
  const bound = await boundRegistration(db, checked, 'enroll');
  if (!bound) throw notFound(REGISTRATION_ERRORS.noForm);
  const fields = fieldsOf(bound).filter((field) => field.type !== 'mobile');
  const headings = ['提交时间', '手机号', ...fields.map((field) => field.label), '审核状态', '审核原因', '来源'];
  async function* batches(): AsyncIterable<Cell[][]> {
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('registrationRecords')
        .select(['id', 'mobile', 'answers', 'status', 'reason', 'source', 'createdAt'])
        .where('registrationId', '=', bound?.id as number)
        .where('id', '>', after)
        .orderBy('id', 'asc')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) return;
      yield rows.map((row) => {
        const answers = (row.answers ?? {}) as Record<string, unknown>;
        return [
          formatBeijingTime(row.createdAt),
          row.mobile ?? '',
          ...fields.map((field) => cellOf(field, answers[field.key])),
          STATUS_TEXT[row.status],
          row.reason,
          SOURCE_TEXT[row.source],
        ];
      });
      after = rows.at(-1)?.id as number;
      if (rows.length < BATCH) return;
    }
  }
  const date = formatBeijingTime(new Date()).slice(0, 10).replaceAll('-', '');
  return {
    name: `报名记录-${checked}-${date}`,
    asciiName: `registration-${checked}-${date}`,
    format: 'csv' as const,
    body: csvFromCells(headings, batches()),
  };
}
