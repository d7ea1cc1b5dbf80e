import { LANGUAGES, knownLanguage, type Language } from '@embauche/contracts/constants';
import {
  unknownSignatureFields,
  type TMailSignature,
  type TMailSignatureInput,
  type TMailSignaturePreview,
  type TMailSignaturePreviewInput,
} from '@embauche/contracts/mail-signatures';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { nowIso } from '../../platform/db/database.ts';
import { validationFailed } from '../../platform/http/http-error.ts';
import type { MailSignatureParts } from '../../platform/mail/append-signature.ts';
import { compileMail, MailCompileError } from '../../platform/mail/mail-compile.ts';
import {
  fillMergeFields,
  senderValues,
  type MergeValues,
} from '../../platform/mail/merge-fields.ts';
import type { MailModelsRepository } from './mail-models.repository.ts';
import type {
  MailSignaturesRepository,
  SignatureOwner,
  SignatureRow,
  SignatureWrite,
} from './mail-signatures.repository.ts';

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/** The first row in `languages`' order, else any (French first). */
function pick<T extends { language: string }>(rows: T[], languages: Language[]): T | undefined {
  for (const language of [...languages, ...LANGUAGES]) {
    const row = rows.find((r) => r.language === language);
    if (row) return row;
  }
  return undefined;
}

/**
 * E-mail signatures (issue 38 part 2, contracts/mail-signatures.ts, docs/mail-models.md): the
 * company's and each user's own, one per language, compiled and sanitised as the models are; and
 * `signatureFor`, which the senders ask for the signature to append to an e-mail.
 */
export class MailSignaturesService {
  constructor(
    private readonly repo: MailSignaturesRepository,
    private readonly people: Pick<MailModelsRepository, 'sender' | 'companyName'>,
    private readonly audit: Pick<AuditTrail, 'record'>,
  ) {}

  /** The company's signature (config page `emails/signature`). */
  company(auth: AuthContext): Promise<TMailSignature> {
    return this.read({ companyId: auth.companyId, userId: null });
  }

  async saveCompany(auth: AuthContext, input: TMailSignatureInput): Promise<TMailSignature> {
    const owner = { companyId: auth.companyId, userId: null };
    const languages = await this.save(auth, owner, input);
    await this.audit.record(auth, 'company.mail_signature_updated', null, { languages });
    return this.read(owner);
  }

  /** The signed-in user's own signature (user settings), in the session's company. */
  mine(auth: AuthContext): Promise<TMailSignature> {
    return this.read({ companyId: auth.companyId, userId: auth.userId });
  }

  async saveMine(auth: AuthContext, input: TMailSignatureInput): Promise<TMailSignature> {
    const owner = { companyId: auth.companyId, userId: auth.userId };
    await this.save(auth, owner, input);
    return this.read(owner);
  }

  /** A signature compiled and filled with the signed-in user's and company's values (nothing saved). */
  async preview(
    auth: AuthContext,
    input: TMailSignaturePreviewInput,
  ): Promise<TMailSignaturePreview> {
    const [compiled, values] = await Promise.all([
      this.compile(input.mjml, 'mjml'),
      this.values(auth.companyId, auth.userId),
    ]);
    return fill(compiled, values);
  }

  /**
   * The signature an e-mail sent by `userId` carries, filled with the sender's and the company's
   * values: the user's own in `language`, else in the company's default language, else in any;
   * when the user has none, the company's in the same order; else null (no sender: the company's).
   */
  async signatureFor(
    companyId: number,
    userId: number | null,
    language: string,
  ): Promise<MailSignatureParts | null> {
    const [{ company, user }, companyLanguage] = await Promise.all([
      this.repo.sendable(companyId, userId),
      this.repo.companyLanguage(companyId),
    ]);
    const order = [knownLanguage(language), knownLanguage(companyLanguage ?? 'fr')];
    const found = pick(user, order) ?? pick(company, order);
    if (!found) return null;
    return fill(found, await this.values(companyId, userId));
  }

  private async read(owner: SignatureOwner): Promise<TMailSignature> {
    const rows = await this.repo.contents(owner);
    return {
      contents: Object.fromEntries(
        LANGUAGES.map((l) => [l, content(rows.find((r) => r.language === l))]),
      ) as TMailSignature['contents'],
    };
  }

  /** Every language given checked and compiled (all the errors together), then stored. */
  private async save(
    auth: AuthContext,
    owner: SignatureOwner,
    input: TMailSignatureInput,
  ): Promise<Language[]> {
    const errors: Record<string, string[]> = {};
    const out: Partial<Record<Language, SignatureWrite>> = {};
    // The languages compile side by side (a thread each), before the transaction.
    await Promise.all(
      LANGUAGES.map(async (language) => {
        const c = input.contents[language];
        if (!c) return;
        try {
          out[language] = { mjml: c.mjml, ...(await this.compile(c.mjml, '')) };
        } catch (err) {
          const codes = (err as { errors?: Record<string, string[]> }).errors?.[''];
          if (!codes) throw err;
          errors[`contents.${language}.mjml`] = codes;
        }
      }),
    );
    if (Object.keys(errors).length) throw validationFailed(errors);
    await this.repo.transaction((trx) => this.repo.replace(trx, owner, out, auth.userId, nowIso()));
    return LANGUAGES.filter((l) => out[l]);
  }

  /** A document's merge fields checked, then compiled (422 on `field` otherwise). */
  private async compile(mjml: string, field: string): Promise<{ html: string; text: string }> {
    const unknown = unknownSignatureFields(mjml);
    if (unknown.length)
      throw validationFailed({ [field]: [`unknown_merge_fields:${unknown.join(',')}`] });
    try {
      return await compileMail(mjml);
    } catch (err) {
      if (err instanceof MailCompileError) throw validationFailed({ [field]: [err.code] });
      throw err;
    }
  }

  /** The sender's and the company's merge values. */
  private async values(companyId: number, userId: number | null): Promise<MergeValues> {
    const [company, sender] = await Promise.all([
      this.people.companyName(companyId),
      userId === null ? undefined : this.people.sender(userId),
    ]);
    return { 'company.name': company ?? '', ...senderValues(sender) };
  }
}

function content(row: SignatureRow | undefined): TMailSignature['contents'][Language] {
  return row
    ? { mjml: row.mjml, html: row.html, text: row.text, updated_at: iso(row.updated_at) }
    : null;
}

function fill(c: { html: string; text: string }, values: MergeValues): MailSignatureParts {
  return {
    html: fillMergeFields(c.html, values, 'html'),
    text: fillMergeFields(c.text, values, 'text'),
  };
}
