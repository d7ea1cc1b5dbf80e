import { knownLanguage } from '@embauche/contracts/constants';
import { randomToken, sha256 } from '../../platform/auth/tokens.ts';
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
};

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
  await queueMail(trx, {
    companyId: mail.companyId,
    to: mail.to,
    subject: mail.subject,
    text: `${mail.text}\n\n--\n${t.footer(memberPageUrl(mail.base, mail.slug, token))}\n`,
  });
}
