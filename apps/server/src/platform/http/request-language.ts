import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@embauche/contracts/constants';

const known = (value: string | null | undefined): Language | undefined =>
  LANGUAGES.find((l) => l === value);

/**
 * The language to write a file in: `?lang=` when the client says which language its screen is in
 * (the header switcher changes it without saving it), else the user's saved language, else the
 * first two letters of Accept-Language when we speak it, else French.
 */
export function requestLanguage(
  request: FastifyRequest,
  explicit: Language | undefined,
  saved: string | null | undefined,
): Language {
  return (
    explicit ??
    known(saved) ??
    known(request.headers['accept-language']?.slice(0, 2).toLowerCase()) ??
    DEFAULT_LANGUAGE
  );
}
