import {
  SOURCING_HIGHLIGHTS,
  SOURCING_SNIPPET_CONTEXT,
  type TSourcingHighlight,
} from '@embauche/contracts/sourcing';

/** A word folded as the search index folds it (applicant-search.ts): no accents, lower case. */
function fold(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * Up to SOURCING_HIGHLIGHTS snippets of `text` around the words that match one of `words` (folded
 * query words, each a prefix), each match as [start, end) offsets within its snippet. Snippets
 * that would overlap are merged; plain text, the web marks the matches itself.
 */
export function cvHighlights(text: string | null, words: string[]): TSourcingHighlight[] {
  if (!text || !words.length) return [];
  const matches: [number, number][] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const folded = fold(m[0]);
    if (words.some((w) => folded.startsWith(w))) matches.push([m.index, m.index + m[0].length]);
  }
  const windows: { start: number; end: number; matches: [number, number][] }[] = [];
  for (const [s, e] of matches) {
    const last = windows.at(-1);
    const start = Math.max(0, s - SOURCING_SNIPPET_CONTEXT);
    const end = Math.min(text.length, e + SOURCING_SNIPPET_CONTEXT);
    if (last && start <= last.end) {
      last.end = end;
      last.matches.push([s, e]);
    } else {
      if (windows.length === SOURCING_HIGHLIGHTS) break;
      windows.push({ start, end, matches: [[s, e]] });
    }
  }
  return windows.map((w) => {
    // Snippets start and end on whole words where the context allows it.
    let start = w.start;
    let end = w.end;
    if (start > 0) {
      const space = text.slice(start, w.matches[0]![0]).search(/\s/);
      if (space >= 0) start += space + 1;
    }
    if (end < text.length) {
      const tail = text.slice(w.matches.at(-1)![1], end);
      const space = tail.search(/\s\S*$/);
      if (space >= 0) end = w.matches.at(-1)![1] + space;
    }
    const raw = text.slice(start, end);
    // Line breaks and runs of spaces read as one space; offsets follow.
    let out = '';
    const map: number[] = [];
    for (let i = 0; i < raw.length; i++) {
      const ch = raw[i]!;
      if (/\s/.test(ch)) {
        if (out.endsWith(' ')) {
          map.push(out.length - 1);
          continue;
        }
        map.push(out.length);
        out += ' ';
      } else {
        map.push(out.length);
        out += ch;
      }
    }
    map.push(out.length);
    return {
      text: out,
      matches: w.matches.map(([s, e]) => [map[s - start]!, map[e - start]!] as [number, number]),
      before: start > 0,
      after: end < text.length,
    };
  });
}
