import type { Language } from '@embauche/contracts/constants';
import { escapeHtml } from '../../platform/mail/escape-html.ts';
import { APPLY_TEXTS } from './career-site-apply-texts.ts';

/**
 * The e-mail that confirms an application sent from the career site, in the candidate's language
 * (the page's): the offer, the company, the offer's address. The HTML part escapes every name.
 */
export function applyConfirmationMail(input: {
  language: Language;
  firstname: string;
  offer: string;
  company: string;
  offerUrl: string;
}): { subject: string; text: string; html: string } {
  const t = APPLY_TEXTS[input.language];
  const greeting = t.mail_greeting(input.firstname);
  const body = t.mail_body(input.offer, input.company);
  const closing = t.mail_closing(input.company);
  const text = [greeting, '', body, t.mail_next, '', input.offerUrl, '', closing].join('\n');
  const link = escapeHtml(input.offerUrl);
  const html = [
    `<!doctype html><html lang="${input.language}"><body>`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(body)}<br>${escapeHtml(t.mail_next)}</p>`,
    `<p><a href="${link}" rel="noreferrer">${link}</a></p>`,
    `<p>${escapeHtml(closing)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: t.mail_subject(input.offer, input.company), text, html };
}
