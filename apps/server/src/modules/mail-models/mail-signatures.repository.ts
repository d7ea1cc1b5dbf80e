import type { Kysely } from 'kysely';
import type { Language } from '@embauche/contracts/constants';
import type { DB } from '../../platform/db/schema.ts';

export type SignatureRow = {
  language: string;
  mjml: string;
  html: string;
  text: string;
  updated_at: unknown;
};

/** What a save writes for one language (compiled by the service). */
export type SignatureWrite = { mjml: string; html: string; text: string };

/** Whose signature: the company's, or one user's in the company. */
export type SignatureOwner = { companyId: number; userId: number | null };

/**
 * The only SQL of e-mail signatures (migration 0051); every query takes the company id, a user's
 * signature also the user's id. A few rows per owner (one per language): read whole.
 */
export class MailSignaturesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every language of the owner's signature (`…_unique_idx`). */
  async contents(owner: SignatureOwner): Promise<SignatureRow[]> {
    const columns = ['language', 'mjml', 'html', 'text', 'updated_at'] as const;
    if (owner.userId === null)
      return this.db
        .selectFrom('mail_company_signatures')
        .select(columns)
        .where('company_id', '=', owner.companyId)
        .execute();
    return this.db
      .selectFrom('mail_user_signatures')
      .select(columns)
      .where('user_id', '=', owner.userId)
      .where('company_id', '=', owner.companyId)
      .execute();
  }

  /** The HTML and text parts of a user's and of the company's signatures (what sending needs). */
  async sendable(companyId: number, userId: number | null) {
    const [company, user] = await Promise.all([
      this.db
        .selectFrom('mail_company_signatures')
        .select(['language', 'html', 'text'])
        .where('company_id', '=', companyId)
        .execute(),
      userId === null
        ? Promise.resolve([])
        : this.db
            .selectFrom('mail_user_signatures')
            .select(['language', 'html', 'text'])
            .where('user_id', '=', userId)
            .where('company_id', '=', companyId)
            .execute(),
    ]);
    return { company, user };
  }

  /** The owner's signature becomes exactly `contents` (languages not given are removed). */
  async replace(
    trx: Kysely<DB>,
    owner: SignatureOwner,
    contents: Partial<Record<Language, SignatureWrite>>,
    updatedBy: number,
    now: string,
  ): Promise<void> {
    const entries = Object.entries(contents) as [Language, SignatureWrite][];
    if (owner.userId === null) {
      await trx
        .deleteFrom('mail_company_signatures')
        .where('company_id', '=', owner.companyId)
        .execute();
      if (entries.length)
        await trx
          .insertInto('mail_company_signatures')
          .values(
            entries.map(([language, c]) => ({
              company_id: owner.companyId,
              language,
              ...c,
              updated_by: updatedBy,
              updated_at: now,
            })),
          )
          .execute();
      return;
    }
    await trx
      .deleteFrom('mail_user_signatures')
      .where('user_id', '=', owner.userId)
      .where('company_id', '=', owner.companyId)
      .execute();
    if (entries.length)
      await trx
        .insertInto('mail_user_signatures')
        .values(
          entries.map(([language, c]) => ({
            user_id: owner.userId!,
            company_id: owner.companyId,
            language,
            ...c,
            updated_at: now,
          })),
        )
        .execute();
  }

  transaction<T>(fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  companyLanguage(companyId: number): Promise<string | undefined> {
    return this.db
      .selectFrom('companies')
      .select('default_language')
      .where('id', '=', companyId)
      .executeTakeFirst()
      .then((r) => r?.default_language);
  }
}
