import { PROVENANCES } from '@embauche/contracts/applicants';
import type {
  TCommunityMember,
  TCommunityMemberPage,
  TCommunityQuery,
  TCommunityToList,
} from '@embauche/contracts/community';
import { knownLanguage } from '@embauche/contracts/constants';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { candidateValues } from '../../platform/mail/merge-fields.ts';
import { foldText } from '../../platform/db/text-fold.ts';
import { HttpError, notFound, validationFailed } from '../../platform/http/http-error.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { ApplicantsService } from '../applicants/applicants.service.ts';
import type { MailModelsService } from '../mail-models/mail-models.service.ts';
import type { RecruitmentListsService } from '../recruitment-lists/recruitment-lists.service.ts';
import { queueMemberMail } from './community-mail.ts';
import type { CommunityRepository, MemberRow } from './community.repository.ts';
import { COMMUNITY_TEXTS } from './community-texts.ts';

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value ?? ''));

/**
 * The community area of the app (issue 37 part 4): the company's members, searched and filtered,
 * one member, adding a member to a recruitment list (as an applicant), and inviting a member to
 * apply to a published offer. The company is always the session's; another company's member is 404.
 */
export class CommunityService {
  constructor(
    private readonly repo: CommunityRepository,
    private readonly files: FileStorage,
    private readonly applicants: Pick<ApplicantsService, 'createOrJoin' | 'storeFile' | 'discard'>,
    private readonly lists: Pick<RecruitmentListsService, 'addFromCommunity'>,
    private readonly links: { publicUrl: string | undefined; careerSiteUrl: string },
    /** The company's e-mail models (its own "community invitation" text). */
    private readonly models?: Pick<MailModelsService, 'render' | 'senderValues'>,
  ) {}

  private async require(auth: AuthContext, id: number): Promise<NonNullable<MemberRow>> {
    const row = await this.repo.member(auth.companyId, id);
    if (!row) throw notFound('Member');
    return row;
  }

  private map(
    row: NonNullable<MemberRow>,
    interests: { id: number; name: string }[],
    now: string,
  ): TCommunityMember {
    const unsubscribed = row.unsubscribed_at ? iso(row.unsubscribed_at) : null;
    const retention = iso(row.retention_until);
    return {
      id: row.id,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      phone: row.phone,
      language: knownLanguage(row.language),
      interests,
      cv_filename: row.cv_key ? row.cv_filename : null,
      consent: {
        state: unsubscribed ? 'unsubscribed' : retention <= now ? 'expired' : 'active',
        notice_language: row.notice_language,
        notice_version: row.notice_version,
        consented_at: iso(row.consented_at),
        retention_until: retention,
        unsubscribed_at: unsubscribed,
      },
      applicant_id: row.applicant_id,
      joined_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    };
  }

  async page(auth: AuthContext, query: TCommunityQuery): Promise<TCommunityMemberPage> {
    const now = new Date().toISOString();
    const words = foldText(query['filter[search]'] ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 10);
    const since = query['filter[joined_since]'];
    if (since && Number.isNaN(Date.parse(`${since}T00:00:00Z`)))
      throw validationFailed({ 'filter[joined_since]': ['invalid_date'] });
    const page = await this.repo.page(
      auth.companyId,
      {
        words,
        interest: query['filter[interest]'],
        consent: query['filter[consent]'],
        since: since ? `${since}T00:00:00.000Z` : undefined,
        now,
      },
      query.page,
      query.per_page,
    );
    const interests = await this.repo.interestsOf(
      auth.companyId,
      page.data.map((m) => m.id),
    );
    return { ...page, data: page.data.map((m) => this.map(m, interests.get(m.id) ?? [], now)) };
  }

  async get(auth: AuthContext, id: number): Promise<TCommunityMember> {
    const row = await this.require(auth, id);
    const interests = await this.repo.interestsOf(auth.companyId, [id]);
    return this.map(row, interests.get(id) ?? [], new Date().toISOString());
  }

  interests(auth: AuthContext) {
    return this.repo.interests(auth.companyId);
  }

  async cv(auth: AuthContext, id: number) {
    const row = await this.require(auth, id);
    const found = row.cv_key ? await this.files.getStream(row.cv_key) : null;
    if (!row.cv_key || !found) throw notFound('CV');
    return {
      data: found.stream,
      size: found.size,
      mime: row.cv_mime ?? 'application/octet-stream',
      filename: row.cv_filename ?? 'cv',
    };
  }

  /**
   * Adds the member to a recruitment list as an applicant: the company's applicant of the same
   * e-mail (one person is one applicant), else a new one from the member's name, e-mail, phone
   * and a copy of their CV (source: career site). The member keeps its own row, linked to the
   * applicant (`applicant_id`), so that erasing one never deletes the other's file.
   */
  async toList(auth: AuthContext, id: number, listId: number): Promise<TCommunityToList> {
    const member = await this.require(auth, id);
    const applicantId = await this.lists.addFromCommunity(auth, listId, async () => {
      // Once an applicant (added before), the CV is not copied again: the applicant keeps theirs.
      const data =
        member.cv_key && !member.applicant_id ? await this.files.get(member.cv_key) : null;
      const cv = data
        ? await this.applicants.storeFile(
            auth.companyId,
            { filename: member.cv_filename ?? 'cv', data },
            'cv',
          )
        : null;
      try {
        return await this.repo.transaction(async (trx) => {
          const { id: applicant } = await this.applicants.createOrJoin(
            auth,
            {
              firstname: member.firstname,
              lastname: member.lastname,
              email: member.email,
              phone: member.phone?.slice(0, 30) ?? undefined,
              source: { provenance_id: PROVENANCES.career_site },
            },
            cv,
            trx,
          );
          await this.repo.update(auth.companyId, id, { applicant_id: applicant }, trx);
          return applicant;
        });
      } catch (err) {
        await this.applicants.discard(cv);
        throw err;
      }
    });
    return { applicant_id: applicantId, list_id: listId };
  }

  /**
   * Invites the member to apply to a published offer: an e-mail in the member's language with the
   * offer's public address (and the leave / erase link every e-mail to a member carries).
   */
  async invite(auth: AuthContext, id: number, offerId: number, requestBase: string) {
    const member = await this.require(auth, id);
    if (member.unsubscribed_at)
      throw new HttpError(409, 'The member left the community.', 'member_unsubscribed');
    const [offer, slug, company] = await Promise.all([
      this.repo.publishedOffer(auth.companyId, offerId),
      this.repo.slugOf(auth.companyId),
      this.repo.companyName(auth.companyId),
    ]);
    if (!offer || !slug) throw validationFailed({ offer_id: ['invalid'] });
    const base = this.links.publicUrl ?? requestBase;
    const site = this.links.careerSiteUrl.replace('{slug}', encodeURIComponent(slug));
    const url = `${site.startsWith('/') ? base : ''}${site}/offers/${offer.id}`;
    const t = COMMUNITY_TEXTS[knownLanguage(member.language)];
    // The company's own model, filled before the transaction; the leave link is made inside it.
    const own = await this.models?.render(
      auth.companyId,
      'community_invitation',
      [member.language],
      {
        ...candidateValues(member),
        'company.name': company,
        ...(await this.models.senderValues(auth.userId)),
        'offer.title': offer.job_position,
        'offer.link': url,
        'unsubscribe.link': '{{unsubscribe.link}}',
      },
    );
    await this.repo.transaction((trx) =>
      queueMemberMail(this.repo, trx, {
        companyId: auth.companyId,
        memberId: member.id,
        to: member.email,
        language: member.language,
        base,
        slug,
        subject: t.invite_subject(company, offer.job_position),
        text: t.invite_text(member.firstname, company, offer.job_position, url),
        own,
      }),
    );
  }
}
