/**
 * A lower-cased LIKE pattern for `lower(column) like ? escape '\'`: the text with `\`, `%` and `_`
 * escaped, matched anywhere (`contains`) or at the start (`prefix`).
 */
export function likePattern(text: string, mode: 'contains' | 'prefix' = 'contains'): string {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return mode === 'prefix' ? `${escaped}%` : `%${escaped}%`;
}
