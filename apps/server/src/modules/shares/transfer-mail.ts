import type { Language } from '@embauche/contracts/constants';
import { DEFAULT_TIME_ZONE } from '@embauche/contracts/export-labels';
import { localDate } from '../../platform/export/local-date.ts';
import { escapeHtml } from '../../platform/mail/escape-html.ts';
import { TRANSFER_MAIL_TEXTS } from './transfer-mail-texts.ts';

/** One applicant (or application) in a transfer e-mail, with its shared link when there is one. */
export type TransferMailItem = { name: string; jobPosition: string | null; link: string | null };

/**
 * The body of a transfer e-mail, its fixed texts in `language` (TRANSFER_MAIL_TEXTS): the sender's
 * message as they wrote it, then who sends which applicants with their links and until when the
 * links open (the day in the time zone of exports). The HTML part escapes everything the sender
 * or the applicants wrote.
 */
export function transferMail(input: {
  senderName: string;
  message: string;
  items: TransferMailItem[];
  expiresAt: string | null;
  language: Language;
  /** The company's time zone: the expiry is the day it ends there. */
  timeZone?: string;
}): { text: string; html: string } {
  const { senderName, message, items, expiresAt, language } = input;
  const texts = TRANSFER_MAIL_TEXTS[language];
  const intro = texts.intro(senderName, items.length);
  const label = (i: TransferMailItem) => (i.jobPosition ? `${i.name} (${i.jobPosition})` : i.name);
  const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const until = expiresAt ? texts.expiry(localDate(expiresAt, language, timeZone)!) : null;

  const text = [
    ...(message ? [message, ''] : []),
    intro,
    ...items.map((i) => `- ${label(i)}${i.link ? `${texts.linkSeparator}${i.link}` : ''}`),
    ...(until ? ['', until] : []),
  ].join('\n');

  const paragraph = (t: string) => `<p>${escapeHtml(t).replace(/\n/g, '<br>')}</p>`;
  const html = [
    `<!doctype html><html lang="${language}"><body>`,
    ...(message ? [paragraph(message)] : []),
    paragraph(intro),
    '<ul>',
    ...items.map(
      (i) =>
        `<li>${escapeHtml(label(i))}${
          i.link
            ? `${escapeHtml(texts.linkSeparator)}<a href="${escapeHtml(i.link)}" rel="noreferrer">${escapeHtml(i.link)}</a>`
            : ''
        }</li>`,
    ),
    '</ul>',
    ...(until ? [paragraph(until)] : []),
    '</body></html>',
  ].join('\n');
  return { text, html };
}
