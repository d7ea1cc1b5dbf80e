import { knownLanguage } from '@embauche/contracts/constants';
import { randomToken, sha256 } from '../../platform/auth/tokens.ts';
import { memberPageUrl, withFooter } from './community-mail.ts';
import type { CommunityRepository, Trx } from './community.repository.ts';
import { COMMUNITY_TEXTS } from './community-texts.ts';

/** What one e-mail of a mailing to a member links and ends with. */
export type MemberMailLinks = {
  /** The member's own page (leave the community or erase their data): `{{unsubscribe.link}}`. */
  page: string;
  /** The address that unsubscribes at once (`List-Unsubscribe`, a mail program's one-click POST). */
  unsubscribe: string;
  /** The e-mail with the community's footer (why they receive it, the link), as every e-mail to a member. */
  close: (mail: { html: string; text: string }) => { html: string; text: string };
};

/**
 * What the mailings module needs from the talent community to write to members (issue 38 part 3,
 * docs/mailings.md): which ids are the company's members, and for each e-mail a new leave / erase
 * link (stored hashed in the caller's transaction, as queueMemberMail does: earlier links keep
 * working) with the footer every e-mail to a member carries. The unsubscribe is the community's
 * own (`POST /careers/{slug}/community/member/{token}/unsubscribe`).
 */
export class CommunityMailing {
  constructor(private readonly repo: CommunityRepository) {}

  /** The ids among `ids` that are members of the company. */
  knownIds(companyId: number, ids: number[]): Promise<Set<number>> {
    return this.repo.knownIds(companyId, ids);
  }

  /** One member of the company (the preview's names and language), or undefined. */
  async member(companyId: number, id: number) {
    const row = await this.repo.member(companyId, id);
    return row
      ? { firstname: row.firstname, lastname: row.lastname, language: row.language }
      : undefined;
  }

  private links(base: string, slug: string, token: string, language: string): MemberMailLinks {
    const page = memberPageUrl(base, slug, token);
    const footer = COMMUNITY_TEXTS[knownLanguage(language)].footer(page);
    return {
      page,
      unsubscribe: `${page}/unsubscribe`,
      close: (mail) => ({
        html: withFooter(mail.html, footer),
        text: `${mail.text}\n\n--\n${footer}\n`,
      }),
    };
  }

  /** A new link per member written to, its token stored in the batch's transaction `trx`. */
  async mailLinks(
    trx: Trx,
    companyId: number,
    members: { id: number; language: string }[],
    base: string,
  ): Promise<Map<number, MemberMailLinks>> {
    const out = new Map<number, MemberMailLinks>();
    if (!members.length) return out;
    const slug = (await this.repo.slugOf(companyId, trx)) ?? '';
    const tokens = members.map((m) => ({ member: m, token: randomToken() }));
    await this.repo.addTokens(
      tokens.map((t) => ({ memberId: t.member.id, tokenHash: sha256(t.token) })),
      trx,
    );
    for (const { member, token } of tokens)
      out.set(member.id, this.links(base, slug, token, member.language));
    return out;
  }

  /** The links as a preview shows them: nothing stored, the token a stand-in. */
  async previewLinks(companyId: number, language: string, base: string): Promise<MemberMailLinks> {
    const slug = (await this.repo.slugOf(companyId)) ?? '';
    return this.links(base, slug, 'preview', language);
  }
}
