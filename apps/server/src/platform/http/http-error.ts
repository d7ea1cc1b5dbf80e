import { ERROR_CODES } from '@embauche/contracts/errors';

export type FieldErrors = Record<string, string[]>;

/** An error that becomes an HTTP answer of the DESIGN section 3 shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthenticated = () =>
  new HttpError(401, 'Authentication required.', ERROR_CODES.unauthenticated);
export const forbidden = () => new HttpError(403, 'Forbidden.', ERROR_CODES.forbidden);
/** Also the answer for another company's objects: never reveal that they exist. */
export const notFound = (what = 'Resource') =>
  new HttpError(404, `${what} not found.`, ERROR_CODES.notFound);
export const conflict = (message: string, code: string = ERROR_CODES.conflict) =>
  new HttpError(409, message, code);
export const validationFailed = (errors: FieldErrors, message = 'The given data was invalid.') =>
  new HttpError(422, message, ERROR_CODES.validation, errors);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    'Too many attempts. Try again later.',
    ERROR_CODES.tooManyRequests,
    undefined,
    {
      'retry-after': String(retryAfterSeconds),
    },
  );
