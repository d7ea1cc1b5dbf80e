/** One applicant (or application) in a transfer e-mail, with its shared link when there is one. */
export type TransferMailItem = { name: string; jobPosition: string | null; link: string | null };

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * The body of a transfer e-mail (French, like the product's other e-mails): the sender's message
 * as they wrote it, then who sends which applicants with their links and until when the links
 * open. The HTML part escapes everything the sender or the applicants wrote.
 */
export function transferMail(input: {
  senderName: string;
  message: string;
  items: TransferMailItem[];
  expiresAt: string | null;
}): { text: string; html: string } {
  const { senderName, message, items, expiresAt } = input;
  const count = items.length === 1 ? 'un profil' : `${items.length} profils`;
  const intro = `${senderName} vous transmet ${count} :`;
  const label = (i: TransferMailItem) => (i.jobPosition ? `${i.name} (${i.jobPosition})` : i.name);
  const until = expiresAt
    ? `Les liens restent ouverts jusqu'au ${frenchDate(expiresAt)}. Ne les transférez pas : ils donnent accès au profil sans connexion.`
    : null;

  const text = [
    ...(message ? [message, ''] : []),
    intro,
    ...items.map((i) => `- ${label(i)}${i.link ? ` : ${i.link}` : ''}`),
    ...(until ? ['', until] : []),
  ].join('\n');

  const paragraph = (t: string) => `<p>${escapeHtml(t).replace(/\n/g, '<br>')}</p>`;
  const html = [
    '<!doctype html><html><body>',
    ...(message ? [paragraph(message)] : []),
    paragraph(intro),
    '<ul>',
    ...items.map(
      (i) =>
        `<li>${escapeHtml(label(i))}${
          i.link
            ? ` : <a href="${escapeHtml(i.link)}" rel="noreferrer">${escapeHtml(i.link)}</a>`
            : ''
        }</li>`,
    ),
    '</ul>',
    ...(until ? [paragraph(until)] : []),
    '</body></html>',
  ].join('\n');
  return { text, html };
}

function frenchDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
