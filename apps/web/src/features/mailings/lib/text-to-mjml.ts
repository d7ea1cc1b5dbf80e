/**
 * The text style of the free e-mail's paragraphs, as the models' skeleton writes them (no web
 * font: nothing is fetched from a CDN).
 */
const TEXT_ATTRIBUTES =
  'font-family="Arial, Helvetica, sans-serif" font-size="15px" line-height="1.6" color="#1e293b"';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The text as HTML shows it: `<b>` reads as `<b>`, never as bold. Merge fields (`{{a.b}}`) hold none of these characters and stay. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** The paragraphs of a typed text: separated by one or more blank lines, trimmed, none empty. */
export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/**
 * A message written in the dialog's plain text box as an MJML document: one `<mj-text>` per
 * paragraph, its text escaped, its single line breaks kept (`<br />`), its merge fields left for
 * the server to fill per recipient. One white section on a light background, like a new model.
 */
export function textToMjml(text: string): string {
  const blocks = paragraphsOf(text).map(
    (paragraph) =>
      `        <mj-text ${TEXT_ATTRIBUTES}>${escapeHtml(paragraph).replace(/[ \t]*\n[ \t]*/g, '<br />')}</mj-text>`,
  );
  return [
    '<mjml>',
    '  <mj-body background-color="#f1f5f9">',
    '    <mj-section background-color="#ffffff" padding="24px 16px">',
    '      <mj-column>',
    ...blocks,
    '      </mj-column>',
    '    </mj-section>',
    '  </mj-body>',
    '</mjml>',
  ].join('\n');
}
