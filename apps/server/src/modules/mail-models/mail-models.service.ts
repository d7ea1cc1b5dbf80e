import { LANGUAGES, knownLanguage, type Language } from '@embauche/contracts/constants';
import {
  MAIL_MODELS_MAX,
  unknownMergeFields,
  type TMailContent,
  type TMailKind,
  type TMailModel,
  type TMailModelInput,
  type TMailModelItem,
  type TMailModelListQuery,
  type TMailModelPage,
  type TMailPreview,
  type TMailPreviewInput,
} from '@embauche/contracts/mail-models';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { nowIso } from '../../platform/db/database.ts';
import { notFound, validationFailed } from '../../platform/http/http-error.ts';
import { compileMail, MailCompileError } from '../../platform/mail/mail-compile.ts';
import {
  fillMergeFields,
  senderValues,
  type MergeValues,
} from '../../platform/mail/merge-fields.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { sampleValues } from './mail-samples.ts';
import type {
  ContentRow,
  ContentWrite,
  MailModelsRepository,
  ModelRow,
} from './mail-models.repository.ts';

/** An e-mail written from a model, ready for the outbox. */
export type RenderedMail = { subject: string; html: string; text: string; language: Language };

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/**
 * E-mail models (issue 38 part 1, contracts/mail-models.ts, docs/mail-models.md): the company's
 * library, compiled and checked when saved, previewed and test-sent with sample data, and the
 * renderer every e-mail of the product asks first (`render`) before its built-in text.
 */
export class MailModelsService {
  constructor(
    private readonly repo: MailModelsRepository,
    private readonly audit: Pick<AuditTrail, 'record'>,
    private readonly queue: (message: MailMessage) => Promise<void>,
    private readonly base: () => string,
  ) {}

  async page(auth: AuthContext, q: TMailModelListQuery): Promise<TMailModelPage> {
    const kind = q['filter[kind]'] ?? q.kind;
    const page = await this.repo.page(
      auth.companyId,
      { kind, search: q.search },
      q.page,
      q.per_page,
    );
    return { ...page, data: await this.withLanguages(auth.companyId, page.data) };
  }

  /**
   * Every model of the company (at most MAIL_MODELS_MAX), by kind then name, without contents:
   * what whoever writes to candidates picks from (mailings), models' editors or not.
   */
  async choices(companyId: number): Promise<TMailModelItem[]> {
    const page = await this.repo.page(companyId, {}, 1, MAIL_MODELS_MAX);
    return this.withLanguages(companyId, page.data);
  }

  /** The models as listed: each with the languages it is written in. */
  private async withLanguages(companyId: number, rows: ModelRow[]): Promise<TMailModelItem[]> {
    const languages = await this.repo.languagesOf(
      companyId,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      ...item(row),
      languages: LANGUAGES.filter((l) => languages.get(row.id)?.includes(l)),
    }));
  }

  async get(auth: AuthContext, id: number): Promise<TMailModel> {
    const row = await this.repo.find(auth.companyId, id);
    if (!row) throw notFound('E-mail model');
    const contents = await this.repo.contents(auth.companyId, id);
    return {
      ...item(row),
      contents: Object.fromEntries(
        LANGUAGES.map((l) => [l, content(contents.find((c) => c.language === l))]),
      ) as TMailModel['contents'],
    };
  }

  async create(auth: AuthContext, input: TMailModelInput): Promise<TMailModel> {
    if ((await this.repo.count(auth.companyId)) >= MAIL_MODELS_MAX)
      throw validationFailed({ kind: [`max_items:${MAIL_MODELS_MAX}`] });
    const contents = await this.compileAll(input);
    const now = nowIso();
    const id = await this.repo.transaction(async (trx) => {
      const id = await this.repo.insert(
        trx,
        auth.companyId,
        {
          kind: input.kind,
          name: input.name,
          is_default: input.is_default,
          updated_by: auth.userId,
        },
        now,
      );
      if (input.is_default) await this.repo.clearDefault(trx, auth.companyId, input.kind, id);
      await this.repo.replaceContents(trx, auth.companyId, id, contents, now);
      await this.audit.record(
        auth,
        'mail_model.created',
        { type: 'mail_model', id },
        { kind: input.kind, name: input.name, languages: Object.keys(contents) },
        trx,
      );
      return id;
    });
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: number, input: TMailModelInput): Promise<TMailModel> {
    const current = await this.get(auth, id);
    if (current.kind !== input.kind) throw validationFailed({ kind: ['invalid'] });
    const contents = await this.compileAll(input);
    const now = nowIso();
    await this.repo.transaction(async (trx) => {
      await this.repo.update(
        trx,
        auth.companyId,
        id,
        { name: input.name, is_default: input.is_default, updated_by: auth.userId },
        now,
      );
      if (input.is_default) await this.repo.clearDefault(trx, auth.companyId, input.kind, id);
      await this.repo.replaceContents(trx, auth.companyId, id, contents, now);
      await this.audit.record(
        auth,
        'mail_model.updated',
        { type: 'mail_model', id },
        { name: input.name, is_default: input.is_default, languages: Object.keys(contents) },
        trx,
      );
    });
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    const model = await this.get(auth, id);
    await this.repo.delete(auth.companyId, id);
    await this.audit.record(
      auth,
      'mail_model.deleted',
      { type: 'mail_model', id },
      { kind: model.kind, name: model.name },
    );
  }

  /** A content compiled and filled with the sample values (nothing saved). */
  async preview(auth: AuthContext, input: TMailPreviewInput): Promise<TMailPreview> {
    const [compiled] = await Promise.all([
      this.compileOne(input.kind, input, `mjml`),
      this.checkFields(input.kind, input.subject, 'subject'),
    ]);
    return fill({ subject: input.subject, ...compiled }, await this.samples(auth, input.language));
  }

  /** The saved content in `language`, with sample values, to the signed-in user's address. */
  async test(auth: AuthContext, id: number, language: Language): Promise<void> {
    const model = await this.get(auth, id);
    const saved = model.contents[language];
    if (!saved) throw validationFailed({ language: ['invalid'] });
    const sender = await this.repo.sender(auth.userId);
    if (!sender?.email) throw notFound('User');
    const mail = fill(saved, await this.samples(auth, language));
    await this.queue({
      companyId: auth.companyId,
      to: sender.email,
      ...mail,
      fromName: (await this.repo.companyName(auth.companyId)) ?? null,
    });
  }

  /**
   * The company's default model of `kind` filled with `values`, in the first of `languages` it is
   * written in (the recipient's, then the company's default), or null: the caller then writes its
   * built-in text. Values are escaped in the HTML part.
   */
  async render(
    companyId: number,
    kind: TMailKind,
    languages: readonly (string | null | undefined)[],
    values: MergeValues,
  ): Promise<RenderedMail | null> {
    const wanted = [
      ...new Set(languages.filter((l): l is string => Boolean(l)).map((l) => knownLanguage(l))),
    ];
    const found = await this.repo.defaultContent(companyId, kind, wanted);
    if (!found) return null;
    return { ...fill(found, values), language: found.language };
  }

  /**
   * A chosen model of the company (an appointment template's, issue 39) filled with `values`, in
   * the first of `languages` it is written in, else its first language; null when it is not a
   * model of the company of `kind` (the caller then renders the kind's default or built-in text).
   */
  async renderModel(
    companyId: number,
    modelId: number,
    kind: TMailKind,
    languages: readonly (string | null | undefined)[],
    values: MergeValues,
  ): Promise<RenderedMail | null> {
    const row = await this.repo.find(companyId, modelId);
    if (!row || row.kind !== kind) return null;
    const rows = await this.repo.contents(companyId, row.id);
    const wanted = languages.filter((l): l is string => Boolean(l)).map((l) => knownLanguage(l));
    const found =
      wanted.map((l) => rows.find((r) => r.language === l)).find(Boolean) ??
      LANGUAGES.map((l) => rows.find((r) => r.language === l)).find(Boolean);
    if (!found) return null;
    return { ...fill(found, values), language: knownLanguage(found.language) };
  }

  /**
   * What a mailing sends (issue 38 part 3): a model of the company (its name, kind and every
   * language's subject, HTML and text), or a content written in the dialog, checked against the
   * `free` kind's merge fields and compiled (422 on `content.subject` / `content.mjml`).
   */
  async mailingContent(
    companyId: number,
    choice: {
      model_id?: number | undefined;
      content?: { subject: string; mjml: string } | undefined;
    },
    language: Language,
  ): Promise<{
    modelId: number | null;
    modelName: string | null;
    contents: Partial<Record<Language, { subject: string; html: string; text: string }>>;
  }> {
    if (choice.model_id !== undefined) {
      const row = await this.repo.find(companyId, choice.model_id);
      if (!row) throw validationFailed({ model_id: ['invalid'] });
      const rows = await this.repo.contents(companyId, row.id);
      return {
        modelId: row.id,
        modelName: row.name,
        contents: Object.fromEntries(
          rows.map((c) => [c.language, { subject: c.subject, html: c.html, text: c.text }]),
        ),
      };
    }
    const content = choice.content!;
    this.checkFields('free', content.subject, 'content.subject');
    const compiled = await this.compileOne('free', content, 'content.mjml');
    return {
      modelId: null,
      modelName: null,
      contents: { [language]: { subject: content.subject, ...compiled } },
    };
  }

  /** The merge values of the session's user who sends (`sender.*`), empty when not found. */
  async senderValues(userId: number | null): Promise<MergeValues> {
    return senderValues(userId === null ? undefined : await this.repo.sender(userId));
  }

  private async samples(auth: AuthContext, language: Language): Promise<MergeValues> {
    const [company, sender] = await Promise.all([
      this.repo.companyName(auth.companyId),
      this.repo.sender(auth.userId),
    ]);
    return sampleValues(
      language,
      company ?? '',
      sender ?? { firstname: '', lastname: '', email: '' },
      this.base(),
    );
  }

  private checkFields(kind: TMailKind, text: string, field: string) {
    const unknown = unknownMergeFields(kind, text);
    if (unknown.length)
      throw validationFailed({ [field]: [`unknown_merge_fields:${unknown.join(',')}`] });
  }

  /** One language: its merge fields checked, its MJML compiled (422 on `field` otherwise). */
  private async compileOne(
    kind: TMailKind,
    content: { mjml: string },
    field: string,
  ): Promise<{ html: string; text: string }> {
    this.checkFields(kind, content.mjml, field);
    try {
      return await compileMail(content.mjml);
    } catch (err) {
      if (err instanceof MailCompileError) throw validationFailed({ [field]: [err.code] });
      throw err;
    }
  }

  /** Every language given, checked and compiled; all the errors together. */
  private async compileAll(
    input: TMailModelInput,
  ): Promise<Partial<Record<Language, ContentWrite>>> {
    const errors: Record<string, string[]> = {};
    const out: Partial<Record<Language, ContentWrite>> = {};
    // The languages compile side by side (a thread each).
    await Promise.all(
      LANGUAGES.map(async (language) => {
        const c = input.contents[language];
        if (!c) return;
        const prefix = `contents.${language}`;
        const subjectUnknown = unknownMergeFields(input.kind, c.subject);
        if (subjectUnknown.length)
          errors[`${prefix}.subject`] = [`unknown_merge_fields:${subjectUnknown.join(',')}`];
        try {
          const compiled = await this.compileOne(input.kind, c, `${prefix}.mjml`);
          out[language] = { subject: c.subject, mjml: c.mjml, ...compiled };
        } catch (err) {
          const fields = (err as { errors?: Record<string, string[]> }).errors;
          if (!fields) throw err;
          Object.assign(errors, fields);
        }
      }),
    );
    if (Object.keys(errors).length) throw validationFailed(errors);
    return out;
  }
}

function item(row: ModelRow): Omit<TMailModelItem, 'languages'> {
  return {
    id: row.id,
    kind: row.kind as TMailKind,
    name: row.name,
    is_default: Boolean(row.is_default),
    updated_at: iso(row.updated_at),
    updated_by: row.updated_by,
  };
}

function content(row: ContentRow | undefined): TMailContent | null {
  return row
    ? {
        subject: row.subject,
        mjml: row.mjml,
        html: row.html,
        text: row.text,
        updated_at: iso(row.updated_at),
      }
    : null;
}

function fill(
  c: { subject: string; html: string; text: string },
  values: MergeValues,
): TMailPreview {
  return {
    subject: fillMergeFields(c.subject, values, 'subject'),
    html: fillMergeFields(c.html, values, 'html'),
    text: fillMergeFields(c.text, values, 'text'),
  };
}
