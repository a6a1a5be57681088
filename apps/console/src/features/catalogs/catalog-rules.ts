import type { z } from 'zod';
import { catalogErrorTexts } from '../../locales/zh-CN/catalogs';

/**
 * An antd form rule from a contracts schema: the same rule the server runs (seed 001 §5), its message shown as the
 * seed's text (seed 001 §8).
 */
export function schemaRule(schema: z.ZodType) {
  return {
    validator: (_: unknown, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (result.success) return Promise.resolve();
      const message = result.error.issues[0]?.message ?? '';
      return Promise.reject(new Error(catalogErrorTexts[message] ?? message));
    },
  };
}
