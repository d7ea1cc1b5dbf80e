/**
 * The template's description is typed as plain text here (the offer screen has the rich editor):
 * each blank-line-separated block becomes an HTML paragraph, line breaks inside become `<br>`.
 * The server cleans the HTML with the offers' allow-list either way.
 */
export function textToHtml(text: string): string | null {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const blocks = text
    .split(/\n{2,}/)
    .map((b) => b.trim())
    .filter(Boolean);
  return blocks.length ? blocks.map((b) => `<p>${escape(b).replace(/\n/g, '<br>')}</p>`).join('') : null;
}

/** A stored description back to the text the field edits: its blocks' text, a blank line between. */
export function htmlToText(html: string | null): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('br').forEach((br) => br.replaceWith('\n'));
  const blocks = [...doc.body.querySelectorAll('p, li, h1, h2, h3, h4, blockquote')];
  if (!blocks.length) return doc.body.textContent?.trim() ?? '';
  return blocks.map((b) => b.textContent?.trim() ?? '').filter(Boolean).join('\n\n');
}
