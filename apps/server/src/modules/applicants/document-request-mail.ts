import type { Language } from '@embauche/contracts/constants';
import { localDate } from '../../platform/export/local-date.ts';
import { escapeHtml } from '../../platform/mail/escape-html.ts';
import { DOCUMENT_REQUEST_MAIL_TEXTS } from './document-request-mail-texts.ts';

/**
 * The e-mail that asks an applicant for documents, its fixed texts in `language` (the company's
 * default language): who asks, the documents (a default type in that language, a company's own by
 * its name), the upload link and the day it closes in the company's time zone. The HTML part
 * escapes every name.
 */
export function documentRequestMail(input: {
  firstname: string;
  companyName: string;
  documents: { name: string; default_type: boolean | number }[];
  link: string;
  expiresAt: string;
  language: Language;
  timeZone: string;
}): { subject: string; text: string; html: string } {
  const t = DOCUMENT_REQUEST_MAIL_TEXTS[input.language];
  const names = input.documents.map((d) =>
    d.default_type ? (t.documentTypes[d.name] ?? d.name) : d.name,
  );
  const greeting = t.greeting(input.firstname);
  const intro = t.intro(input.companyName);
  const action = t.action(localDate(input.expiresAt, input.language, input.timeZone)!);
  const text = [greeting, '', intro, ...names.map((n) => `- ${n}`), '', action, input.link].join(
    '\n',
  );
  const link = escapeHtml(input.link);
  const html = [
    `<!doctype html><html lang="${input.language}"><body>`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...names.map((n) => `<li>${escapeHtml(n)}</li>`),
    '</ul>',
    `<p>${escapeHtml(action)}<br><a href="${link}" rel="noreferrer">${link}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject: t.subject(input.companyName), text, html };
}
