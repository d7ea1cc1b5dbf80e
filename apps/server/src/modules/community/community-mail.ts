import { knownLanguage } from '@embauche/contracts/constants';
import { randomToken, sha256 } from '../../platform/auth/tokens.ts';
import { escapeHtml } from '../../platform/mail/escape-html.ts';
import { fillMergeFields } from '../../platform/mail/merge-fields.ts';
import { queueMail } from '../../platform/mail/mailer.ts';
import type { CommunityRepository, Trx } from './community.repository.ts';
import { COMMUNITY_TEXTS } from './community-texts.ts';

export type CommunityMail = {
  companyId: number;
  memberId: number;
  to: string;
  language: string;
  /** The site's origin (`https://jobs.example`) and the company's slug: the leave / erase page. */
  base: string;
  slug: string;
  subject: string;
  text: string;
  /**
   * The company's own model of the e-mail (docs/mail-models.md), filled except `{{unsubscribe.link}}`
   * (the leave / erase address, made here); null when it has none (the built-in texts go).
   */
  own?: { subject: string; html: string; text: string } | null;
};

/** The footer paragraph before the HTML's `</body>` (or at its end). */
export function withFooter(html: string, footer: string): string {
  const p = `<p style="font-size:12px;color:#475569;margin:24px 16px">${escapeHtml(footer)}</p>`;
  const at = html.toLowerCase().lastIndexOf('</body>');
  return at < 0 ? `${html}${p}` : `${html.slice(0, at)}${p}${html.slice(at)}`;
}

/** The member's own page: leave the community or erase their data (`/careers/{slug}/community/member/{token}`). */
export const memberPageUrl = (base: string, slug: string, token: string) =>
  `${base}/careers/${encodeURIComponent(slug)}/community/member/${token}`;

/**
 * Queues an e-mail to a member in the caller's transaction, with the link every such e-mail
 * carries to leave or erase (a new token each time, stored hashed: earlier links keep working).
 */
export async function queueMemberMail(repo: CommunityRepository, trx: Trx, mail: CommunityMail) {
  const token = randomToken();
  await repo.addToken(mail.memberId, sha256(token), trx);
  const t = COMMUNITY_TEXTS[knownLanguage(mail.language)];
  const leave = memberPageUrl(mail.base, mail.slug, token);
  const footer = t.footer(leave);
  const own = mail.own ?? null;
  const link = { 'unsubscribe.link': leave };
  // The link to leave or erase closes every e-mail, whatever the company's model says.
  await queueMail(trx, {
    companyId: mail.companyId,
    to: mail.to,
    subject: own ? fillMergeFields(own.subject, link, 'subject') : mail.subject,
    text: `${own ? fillMergeFields(own.text, link, 'text') : mail.text}\n\n--\n${footer}\n`,
    html: own ? withFooter(fillMergeFields(own.html, link, 'html'), footer) : null,
  });
}
