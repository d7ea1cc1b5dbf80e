import { knownLanguage, type Language } from '@embauche/contracts/constants';

/**
 * The language an e-mail's fixed texts are written in: a user's saved language when the product
 * speaks it, else French. A mail's texts are a `Record<Language, …>` table beside the mail that
 * uses them (as EXPORT_LABELS is for exports), indexed with this.
 */
export function mailLanguage(saved: string | null | undefined): Language {
  return knownLanguage(saved);
}
