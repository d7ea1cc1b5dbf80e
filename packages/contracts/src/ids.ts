import { z } from 'zod';

/**
 * Ids are PostgreSQL `integer` (serial) columns: 1 to 2^31 − 1. A bigger number names nothing,
 * and PostgreSQL raises on it instead of finding no row, so it is refused with 422 `invalid` first.
 */
export const MAX_ID = 2_147_483_647;

// The range first, stopping there: one `invalid`, not one per failed check. A missing id keeps
// zod's own message, which the API answers as `field_required`.
const invalid = { message: 'invalid', abort: true } as const;

/** An id in a JSON body. */
export const ZId = z.number().min(1, invalid).max(MAX_ID, invalid).int('invalid');

/** An id in a path or a query string (text, coerced to a number). */
export const ZIdParam = z.coerce.number().min(1, invalid).max(MAX_ID, invalid).int('invalid');
