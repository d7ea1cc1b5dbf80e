import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Which of these keys (all in one folder) a row of the database still names. */
type Referenced = (db: Kysely<DB>, keys: string[]) => Promise<Set<string>>;

function column(table: keyof DB, name: string): Referenced {
  return async (db, keys) => {
    const rows = await sql<{ k: string }>`select ${sql.ref(name)} as k from ${sql.table(table)}
      where ${sql.ref(name)} in (${sql.join(keys)})`.execute(db);
    return new Set(rows.rows.map((r) => r.k));
  };
}

function columns(...each: Referenced[]): Referenced {
  return async (db, keys) => {
    const found = new Set<string>();
    for (const referenced of each) for (const k of await referenced(db, keys)) found.add(k);
    return found;
  };
}

/** `avatars/{company}/{user}`: named by a user of that company whose picture is set. */
const avatars: Referenced = async (db, keys) => {
  const parsed = keys.flatMap((key) => {
    const m = /^avatars\/(\d+)\/(\d+)$/.exec(key);
    return m ? [{ key, company: Number(m[1]), user: Number(m[2]) }] : [];
  });
  if (!parsed.length) return new Set();
  const users = await db
    .selectFrom('users')
    .select(['id', 'company_id'])
    .where(
      'id',
      'in',
      parsed.map((p) => p.user),
    )
    .where('img_src', 'is not', null)
    .execute();
  const set = new Set(users.map((u) => `${u.company_id}/${u.id}`));
  return new Set(parsed.filter((p) => set.has(`${p.company}/${p.user}`)).map((p) => p.key));
};

/**
 * Every folder of the storage whose objects the database names, with how to ask which still are:
 * the orphan sweep (orphan-sweep.ts) deletes only in these folders, so a new kind of file adds
 * its folder here (docs/storage.md). `bundles/` holds the CV bundles on their way to the browser,
 * which no row names.
 */
export const storedFileFolders: Readonly<Record<string, Referenced>> = {
  'cv/': column('applicants', 'cv_key'),
  'documents/': column('applicant_documents', 'storage_key'),
  'activity-feed/': column('activity_feed_attachments', 'storage_key'),
  'offer-images/': columns(
    column('offer_images', 'storage_key'),
    column('offer_images', 'thumb_key'),
  ),
  'company-logos/': column('companies', 'logo_key'),
  'offer-exports/': column('offer_exports', 'file_key'),
  'community-cv/': column('community_members', 'cv_key'),
  'avatars/': avatars,
  'mail-attachments/': column('mailing_attachments', 'storage_key'),
  'bundles/': async () => new Set(),
  // A CV bundle job's ZIP (kept CV_BUNDLE_KEEP_DAYS, then deleted by its own sweep): one a crashed
  // job left half-written is named by no row.
  'cv-bundles/': column('bulk_operations', 'file_key'),
};
