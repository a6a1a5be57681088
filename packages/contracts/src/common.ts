import { z } from 'zod';

export const id = z.coerce.number().int().positive().max(2_147_483_647);
export const idParams = z.object({ id });
export type IdParams = z.infer<typeof idParams>;

export const isoDateTime = z.string();
/** A time sent by a client: ISO-8601 with a zone (Z or an offset). */
export const isoDateTimeInput = z.iso.datetime({ offset: true, message: 'Invalid date-time' });
export const mobile = z
  .string()
  .trim()
  .regex(/^1[3-9]\d{9}$/, 'Invalid mobile number');
/** A mobile as others may see it: 138****5678. */
export const maskMobile = (value: string) => (value.length >= 7 ? `${value.slice(0, 3)}****${value.slice(-4)}` : value);
export const password = z
  .string()
  .min(8, 'Password must be 8 to 64 characters')
  .max(64, 'Password must be 8 to 64 characters');
export const smsCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Verification code must be 6 digits');

export const pager = z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
export type Pager = z.infer<typeof pager>;

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), pager });
}

export function pageQuery(defaultPageSize: number, maxPageSize = 100) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  });
}

export const ok = z.object({ ok: z.literal(true) });

export const errorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
