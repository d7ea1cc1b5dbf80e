import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from './constants.ts';

/** A paged list answer: `{ data, current_page, last_page, per_page, total }`, pages from 1. */
export function zPaged<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });
}

export type Paged<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
};

/** `page` (1 to MAX_PAGE) of a paged list; beyond, 422 `max_value:{MAX_PAGE}` (one code). */
export const ZPage = z.coerce
  .number()
  .min(1, { message: 'min_value:1', abort: true })
  .max(MAX_PAGE, { message: `max_value:${MAX_PAGE}`, abort: true })
  .int('invalid');

/** `per_page` (1 to MAX_PAGE_SIZE). */
export const ZPerPage = z.coerce
  .number()
  .min(1, { message: 'min_value:1', abort: true })
  .max(MAX_PAGE_SIZE, { message: `max_value:${MAX_PAGE_SIZE}`, abort: true })
  .int('invalid');

export const ZPageQuery = z.object({
  page: ZPage.default(1),
  per_page: ZPerPage.default(DEFAULT_PAGE_SIZE),
});
