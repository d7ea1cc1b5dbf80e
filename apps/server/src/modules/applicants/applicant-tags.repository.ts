import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/database.ts';
import { inIds } from '../../platform/db/id-list.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';
import type { DB } from '../../platform/db/schema.ts';
import { visibleApplicant, type ApplicantScope } from './applicant-scope.ts';
import type { Trx } from './applicants.repository.ts';

/** The applicants' tags and the company's tag list; every query by company. */
export class ApplicantTagsRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  async tags(
    companyId: number,
    applicantIds: number[],
    db: Trx = this.db,
  ): Promise<Map<number, string[]>> {
    const map = new Map<number, string[]>();
    if (!applicantIds.length) return map;
    const rows = await db
      .selectFrom('applicant_tags')
      .innerJoin('tags', 'tags.id', 'applicant_tags.tag_id')
      .select(['applicant_tags.applicant_id', 'tags.name'])
      .where('applicant_tags.company_id', '=', companyId)
      .where(inIds(this.dialect, sql.ref('applicant_tags.applicant_id'), applicantIds))
      .orderBy('tags.name')
      .execute();
    for (const r of rows)
      (map.get(r.applicant_id) ?? map.set(r.applicant_id, []).get(r.applicant_id)!).push(r.name);
    return map;
  }

  /**
   * The company's tag names, most used first, optionally those starting with `search`
   * (case-insensitive): the tag input's suggestions. A user without project.see_all is suggested
   * the tags of the applicants they see, counted on those.
   */
  async tagNames(
    scope: ApplicantScope,
    search: string | undefined,
    limit: number,
  ): Promise<string[]> {
    const companyId = scope.companyId;
    let q = this.db
      .selectFrom('tags')
      .leftJoin('applicant_tags', (join) =>
        join.onRef('applicant_tags.tag_id', '=', 'tags.id').on((eb) =>
          scope.visibleProjects === null
            ? sql<boolean>`1 = 1`
            : eb(
                'applicant_tags.applicant_id',
                'in',
                eb
                  .selectFrom('applicants')
                  .select('applicants.id')
                  .where('applicants.company_id', '=', companyId)
                  .where((a) => visibleApplicant(a, scope)),
              ),
        ),
      )
      .select('tags.name')
      .where('tags.company_id', '=', companyId)
      .groupBy(['tags.id', 'tags.name'])
      // Without project.see_all, only tags that a visible applicant carries.
      .$if(scope.visibleProjects !== null, (qb) =>
        qb.having((eb) => eb.fn.count('applicant_tags.tag_id'), '>', 0),
      )
      .orderBy(sql`count(applicant_tags.tag_id)`, 'desc')
      .orderBy('tags.name')
      .limit(limit);
    if (search) {
      const like = likePattern(search, 'prefix');
      q = q.where(sql<boolean>`lower(tags.name) like ${like} escape '\\'`);
    }
    return (await q.execute()).map((r) => r.name);
  }

  /**
   * Replaces the applicant's tags. A name the company already has in another case is taken as it
   * is (no "Vivier" beside "vivier"); the company's tag list grows with the new names.
   */
  async setTags(companyId: number, applicantId: number, names: string[], db: Trx = this.db) {
    const wanted = new Map(
      names
        .map((n) => n.trim())
        .filter(Boolean)
        .map((n) => [n.toLowerCase(), n] as const),
    );
    await db
      .deleteFrom('applicant_tags')
      .where('company_id', '=', companyId)
      .where('applicant_id', '=', applicantId)
      .execute();
    if (!wanted.size) return;
    const known = await db
      .selectFrom('tags')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where((eb) =>
        eb.or([
          eb('name', 'in', [...wanted.values()]),
          eb(sql<string>`lower(name)`, 'in', [...wanted.keys()]),
        ]),
      )
      .execute();
    const ids = new Map<string, number>();
    for (const tag of known)
      if (!ids.has(tag.name.toLowerCase())) ids.set(tag.name.toLowerCase(), tag.id);
    const missing = [...wanted].filter(([key]) => !ids.has(key)).map(([, name]) => name);
    if (missing.length) {
      const now = new Date().toISOString();
      await db
        .insertInto('tags')
        .values(missing.map((name) => ({ company_id: companyId, name, created_at: now })))
        .onConflict((oc) => oc.columns(['company_id', 'name']).doNothing())
        .execute();
      const added = await db
        .selectFrom('tags')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .where('name', 'in', missing)
        .execute();
      for (const tag of added) ids.set(tag.name.toLowerCase(), tag.id);
    }
    await db
      .insertInto('applicant_tags')
      .values(
        [...new Set(ids.values())].map((tagId) => ({
          company_id: companyId,
          applicant_id: applicantId,
          tag_id: tagId,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
