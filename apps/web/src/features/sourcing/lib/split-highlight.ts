import type { TSourcingHighlight } from '@embauche/contracts/sourcing';

export type SnippetPart = { text: string; match: boolean };

/**
 * Cuts a CV snippet into plain and matched parts from its [start, end) offsets (sorted, merged when
 * they overlap, clamped to the text): the screen renders the matched ones as <mark>, never as HTML.
 */
export function splitHighlight(highlight: Pick<TSourcingHighlight, 'text' | 'matches'>): SnippetPart[] {
  const { text } = highlight;
  const ranges = highlight.matches
    .map(([start, end]) => [Math.max(0, Math.min(start, text.length)), Math.max(0, Math.min(end, text.length))] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const parts: SnippetPart[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    if (from > at) parts.push({ text: text.slice(at, from), match: false });
    parts.push({ text: text.slice(from, end), match: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}
