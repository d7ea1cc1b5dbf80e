import { HttpError } from '../http/http-error.ts';

/** RFC 6750 error codes, carried in the `WWW-Authenticate: Bearer` challenge. */
export type BearerErrorCode = 'invalid_request' | 'invalid_token' | 'insufficient_scope';

const STATUS: Record<BearerErrorCode, number> = {
  invalid_request: 400,
  invalid_token: 401,
  insufficient_scope: 403,
};

const MESSAGES: Record<BearerErrorCode, string> = {
  invalid_request: 'The access token is not presented properly.',
  invalid_token: 'The access token is not valid.',
  insufficient_scope: 'The access token does not allow this.',
};

/**
 * A refusal of the hub's (RFC 6750 section 3): 401 with a bare challenge when a token is needed
 * and none came, otherwise the status of the error code, whose reason is never told apart (a bad
 * signature and an expired token both say `invalid_token`). The challenge names the protected
 * resource metadata (RFC 9728).
 */
export function bearerError(code: BearerErrorCode | undefined, metadataUrl: string): HttpError {
  const params = [...(code ? [`error="${code}"`] : []), `resource_metadata="${metadataUrl}"`].join(
    ', ',
  );
  return new HttpError(
    code ? STATUS[code] : 401,
    code ? MESSAGES[code] : 'An access token is required.',
    code ?? 'unauthenticated',
    undefined,
    { 'www-authenticate': `Bearer ${params}` },
  );
}
