import type { TSourcingHighlight } from '@embauche/contracts/sourcing';
import { splitHighlight } from '../lib/split-highlight.ts';

/** A CV snippet with its matched words in <mark> (text nodes only: the CV is never read as HTML). */
export function HighlightedSnippet({ highlight }: { highlight: TSourcingHighlight }) {
  return (
    <p className="break-words text-sm text-slate-700">
      {highlight.before ? '… ' : null}
      {splitHighlight(highlight).map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 font-medium text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
      {highlight.after ? ' …' : null}
    </p>
  );
}
