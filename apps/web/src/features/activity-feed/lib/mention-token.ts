/** A mention being typed: `@` at `start`, the words typed after it up to the caret. */
export type MentionToken = { start: number; end: number; query: string };

const MAX_QUERY = 40;

/**
 * The `@word` under the caret, if any: an `@` at the start of the text or after a blank, followed
 * by at most a few words on the same line (not ending with a blank).
 */
export function mentionTokenAt(text: string, caret: number, picked: readonly string[] = []): MentionToken | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(before[at - 1] ?? '')) return null;
  const query = before.slice(at + 1);
  // A blank right after `@`, or after the last word (a name just picked), ends the mention.
  if (query.length > MAX_QUERY || /[\n@]/.test(query) || /^\s|\s$/.test(query)) return null;
  // The words after a name already picked are the comment, not a search.
  if (picked.some((label) => query.startsWith(`${label} `))) return null;
  return { start: at, end: caret, query };
}

/** The text with the token replaced by `@label ` and where the caret goes next. */
export function insertMention(text: string, token: MentionToken, label: string): { text: string; caret: number } {
  const inserted = `@${label} `;
  return { text: text.slice(0, token.start) + inserted + text.slice(token.end).replace(/^ /, ''), caret: token.start + inserted.length };
}
