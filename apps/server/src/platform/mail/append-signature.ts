/** A signature's parts, compiled and filled (MailSignaturesService.signatureFor). */
export type MailSignatureParts = { html: string; text: string };

const BODY = /<body\b[^>]*>([\s\S]*)<\/body>/i;
const HEAD = /<head\b[^>]*>([\s\S]*?)<\/head>/i;
const STYLE = /<style\b[^>]*>[\s\S]*?<\/style>/gi;

/** Inserts `insert` before the last `</tag>` of `html`, else at its end. */
function beforeClosing(html: string, tag: string, insert: string): string {
  const at = html.toLowerCase().lastIndexOf(`</${tag}>`);
  return at < 0 ? html + insert : html.slice(0, at) + insert + html.slice(at);
}

/**
 * An e-mail with its sender's signature at the end (issue 38 part 2): in the HTML part the
 * signature document's body goes before the e-mail's `</body>` and its `<style>` blocks (its
 * columns' widths) before `</head>`; the text part gets the usual `-- ` line then the signature's
 * text. Both documents are already compiled and sanitised; nothing is filled again.
 */
export function appendSignature<T extends { html: string; text: string }>(
  mail: T,
  signature: MailSignatureParts | null | undefined,
): T {
  if (!signature) return mail;
  const body = BODY.exec(signature.html)?.[1] ?? signature.html;
  const styles = (HEAD.exec(signature.html)?.[1] ?? '').match(STYLE)?.join('\n') ?? '';
  let html = beforeClosing(mail.html, 'body', `\n${body.trim()}\n`);
  if (styles && HEAD.test(html)) html = beforeClosing(html, 'head', `${styles}\n`);
  const text = signature.text.trim()
    ? `${mail.text.replace(/\s+$/, '')}\n\n-- \n${signature.text.trim()}\n`
    : mail.text;
  return { ...mail, html, text };
}
