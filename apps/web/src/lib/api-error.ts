import type { TApiError } from '@embauche/contracts/errors';

/** What every failed call throws: the HTTP status plus the parsed error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: Record<string, string[]> | undefined;
  readonly body: unknown;
  /** The seconds a 429 asks to wait (its Retry-After header), when it says. */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: unknown, retryAfter?: number) {
    const parsed = (typeof body === 'object' && body !== null ? body : {}) as Partial<TApiError>;
    super(typeof parsed.message === 'string' ? parsed.message : `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = parsed.code;
    this.errors = parsed.errors;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function errorStatus(error: unknown): number | undefined {
  return isApiError(error) ? error.status : undefined;
}
