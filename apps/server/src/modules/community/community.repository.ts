import {
  sql,
  type Insertable,
  type Kysely,
  type SqlBool,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { TCommunityConsentState } from '@embauche/contracts/community';
import { paginate } from '../../platform/http/list-query.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';
import type { CommunityMembersTable, DB } from '../../platform/db/schema.ts';

export type Trx = Transaction<DB> | Kysely<DB>;

const MEMBER_COLUMNS = [
  'id',
  'company_id',
  'firstname',
  'lastname',
  'email',
  'phone',
  'language',
  'cv_key',
  'cv_filename',
  'cv_mime',
  'notice_language',
  'notice_version',
  'consented_at',
  'retention_until',
  'unsubscribed_at',
  'applicant_id',
  'created_at',
  'updated_at',
] as const;

export type MemberRow = Awaited<ReturnType<CommunityRepository['member']>> & {};

export type MemberFilters = {
  /** Folded words, each to be found in `search_text`. */
  words: string[];
  interest?: number | undefined;
  consent?: TCommunityConsentState | undefined;
  /** ISO time: joined at or after. */
  since?: string | undefined;
  now: string;
};

/**
 * The only SQL of the talent community (issue 37 part 4). Every query names the company; the public
 * page finds it by its slug and reads the career site's switch and privacy notices (its own reads
 * of those tables, as the career site's are its own).
 */
export class CommunityRepository {
  constructor(private readonly db: Kysely<DB>) {}

  transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** The company's slug (invitations link its career site). */
  async slugOf(companyId: number, trx: Trx = this.db): Promise<string | undefined> {
    const row = await trx
      .selectFrom('companies')
      .select('slug')
      .where('id', '=', companyId)
      .executeTakeFirst();
    return row?.slug;
  }

  /** The company's name (e-mails sign with it). */
  async companyName(companyId: number): Promise<string> {
    const row = await this.db
      .selectFrom('companies')
      .select('social_reason')
      .where('id', '=', companyId)
      .executeTakeFirst();
    return row?.social_reason ?? '';
  }

  /** The latest privacy notice version in `language`. */
  latestNotice(companyId: number, language: string) {
    return this.db
      .selectFrom('career_site_privacy_notices')
      .select(['version', 'text'])
      .where('company_id', '=', companyId)
      .where('language', '=', language)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The company's subsidiaries that are not archived: the interests a member may pick. */
  interests(companyId: number) {
    return this.db
      .selectFrom('subsidiaries')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('archived', '=', false)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  /** A published offer of the company that the career site shows (an invitation links it). */
  publishedOffer(companyId: number, id: number) {
    return this.db
      .selectFrom('offers')
      .select(['id', 'job_position'])
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('status', '=', 'published')
      .where('archived', '=', false)
      .executeTakeFirst();
  }

  member(companyId: number, id: number, trx: Trx = this.db) {
    return trx
      .selectFrom('community_members')
      .select(MEMBER_COLUMNS)
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  byEmail(companyId: number, email: string, trx: Trx = this.db) {
    return trx
      .selectFrom('community_members')
      .select(MEMBER_COLUMNS)
      .where('company_id', '=', companyId)
      .where('email', '=', email)
      .executeTakeFirst();
  }

  async insert(values: Insertable<CommunityMembersTable>, trx: Trx): Promise<number> {
    const row = await trx
      .insertInto('community_members')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    companyId: number,
    id: number,
    values: Updateable<CommunityMembersTable>,
    trx: Trx = this.db,
  ): Promise<void> {
    await trx
      .updateTable('community_members')
      .set(values)
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  /** Replaces the member's interests by `ids` (already checked to be the company's). */
  async setInterests(companyId: number, memberId: number, ids: number[], trx: Trx) {
    await trx
      .deleteFrom('community_member_interests')
      .where('company_id', '=', companyId)
      .where('member_id', '=', memberId)
      .execute();
    if (ids.length)
      await trx
        .insertInto('community_member_interests')
        .values(
          ids.map((subsidiary_id) => ({
            member_id: memberId,
            company_id: companyId,
            subsidiary_id,
          })),
        )
        .execute();
  }

  /** Each member's interests, by name. */
  async interestsOf(companyId: number, memberIds: number[]) {
    const out = new Map<number, { id: number; name: string }[]>();
    if (!memberIds.length) return out;
    const rows = await this.db
      .selectFrom('community_member_interests as i')
      .innerJoin('subsidiaries as s', 's.id', 'i.subsidiary_id')
      .select(['i.member_id', 's.id', 's.name'])
      .where('i.company_id', '=', companyId)
      .where('s.company_id', '=', companyId)
      .where('i.member_id', 'in', memberIds)
      .orderBy('s.name')
      .execute();
    for (const r of rows) {
      const list = out.get(r.member_id) ?? [];
      list.push({ id: r.id, name: r.name });
      out.set(r.member_id, list);
    }
    return out;
  }

  /** A page of the company's members, newest first (`community_members_company_created_idx`). */
  page(companyId: number, f: MemberFilters, page: number, perPage: number) {
    let query = this.db.selectFrom('community_members').where('company_id', '=', companyId);
    // search_text is folded when written (foldText): the words are folded the same way.
    for (const word of f.words)
      query = query.where(
        (eb) => sql<SqlBool>`${eb.ref('search_text')} like ${likePattern(word)} escape '\\'`,
      );
    if (f.interest)
      query = query.where('id', 'in', (eb) =>
        eb
          .selectFrom('community_member_interests')
          .select('member_id')
          .where('company_id', '=', companyId)
          .where('subsidiary_id', '=', f.interest!),
      );
    if (f.since) query = query.where('created_at', '>=', f.since);
    if (f.consent === 'unsubscribed') query = query.where('unsubscribed_at', 'is not', null);
    else if (f.consent === 'active')
      query = query.where('unsubscribed_at', 'is', null).where('retention_until', '>', f.now);
    else if (f.consent === 'expired')
      query = query.where('unsubscribed_at', 'is', null).where('retention_until', '<=', f.now);
    return paginate(
      query.select(MEMBER_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'),
      page,
      perPage,
    );
  }

  async addToken(memberId: number, tokenHash: string, trx: Trx = this.db) {
    await trx
      .insertInto('community_member_tokens')
      .values({ member_id: memberId, token_hash: tokenHash, created_at: new Date().toISOString() })
      .execute();
  }

  /** Leave / erase tokens (hashed) of many members at once: a mailing's batch. */
  async addTokens(rows: { memberId: number; tokenHash: string }[], trx: Trx) {
    if (!rows.length) return;
    const now = new Date().toISOString();
    await trx
      .insertInto('community_member_tokens')
      .values(
        rows.map((r) => ({ member_id: r.memberId, token_hash: r.tokenHash, created_at: now })),
      )
      .execute();
  }

  /** The ids among `ids` that are members of the company (a mailing's recipients). */
  async knownIds(companyId: number, ids: number[]): Promise<Set<number>> {
    const found = new Set<number>();
    // Chunks under the databases' parameter limits (a mailing names up to 10,000).
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await this.db
        .selectFrom('community_members')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', 'in', ids.slice(i, i + 1000))
        .execute();
      for (const r of rows) found.add(r.id);
    }
    return found;
  }

  /** The member a leave / erase link names (any company: the token is the proof). */
  byToken(tokenHash: string) {
    return this.db
      .selectFrom('community_member_tokens as t')
      .innerJoin('community_members as m', 'm.id', 't.member_id')
      .innerJoin('companies as c', 'c.id', 'm.company_id')
      .select([
        'm.id',
        'm.company_id',
        'm.language',
        'm.unsubscribed_at',
        'c.slug',
        'c.social_reason',
      ])
      .where('t.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Deletes the member (interests and tokens go with it); answers its CV key. */
  async remove(companyId: number, id: number, trx: Trx = this.db): Promise<string | null> {
    const row = await trx
      .deleteFrom('community_members')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .returning('cv_key')
      .executeTakeFirst();
    return row?.cv_key ?? null;
  }

  /** Members kept past their retention period (any company), a batch at a time. */
  expired(now: string, limit: number) {
    return this.db
      .selectFrom('community_members')
      .select(['id', 'company_id'])
      .where('retention_until', '<=', now)
      .orderBy('retention_until')
      .limit(limit)
      .execute();
  }

  cvText(companyId: number, id: number, trx: Trx = this.db) {
    return trx
      .selectFrom('community_members')
      .select(['cv_key', 'cv_mime', 'cv_text', 'firstname', 'lastname', 'email', 'phone'])
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
