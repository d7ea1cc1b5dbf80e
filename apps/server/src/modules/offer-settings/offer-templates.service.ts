import type {
  TOfferTemplate,
  TOfferTemplateChoices,
  TOfferTemplateFormValues,
  TOfferTemplateListFilters,
  TOfferTemplatePage,
} from '@embauche/contracts/offer-settings';
import { OFFER_TEMPLATE_CHOICES_MAX } from '@embauche/contracts/offer-settings';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { nowIso } from '../../platform/db/database.ts';
import { sanitizeRichText } from '../../platform/html/sanitize.ts';
import { notFound } from '../../platform/http/http-error.ts';
import { nameTaken, writeUniqueName } from '../../platform/db/unique-name.ts';
import { iso } from './offer-settings-rows.ts';
import type { OfferTemplateRow, OfferTemplatesRepository } from './offer-templates.repository.ts';
import { pageOf } from '../../platform/http/list-query.ts';

function toTemplate(row: OfferTemplateRow): TOfferTemplate {
  return {
    ...row,
    contract_type: row.contract_type as TOfferTemplate['contract_type'],
    remote: row.remote as TOfferTemplate['remote'],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Offer templates of the caller's company (contracts/offer-settings.ts documents the calls). */
export class OfferTemplatesService {
  constructor(
    private readonly repo: OfferTemplatesRepository,
    private readonly audit: Pick<AuditTrail, 'record'>,
  ) {}

  async page(auth: AuthContext, f: TOfferTemplateListFilters): Promise<TOfferTemplatePage> {
    const { rows, total } = await this.repo.page(
      auth.companyId,
      f['filter[search]'],
      f.per_page,
      (f.page - 1) * f.per_page,
    );
    return pageOf(rows.map(toTemplate), f.page, f.per_page, total);
  }

  /** The new-offer dialog's picker: the first templates by name, with their fields. */
  async choices(auth: AuthContext, search: string | undefined): Promise<TOfferTemplateChoices> {
    const { rows } = await this.repo.page(auth.companyId, search, OFFER_TEMPLATE_CHOICES_MAX, 0);
    return { data: rows.map(toTemplate) };
  }

  async get(auth: AuthContext, id: number): Promise<TOfferTemplate> {
    const row = await this.repo.find(auth.companyId, id);
    if (!row) throw notFound('Offer template');
    return toTemplate(row);
  }

  private clean(input: TOfferTemplateFormValues): TOfferTemplateFormValues {
    return { ...input, description: sanitizeRichText(input.description) };
  }

  async create(auth: AuthContext, input: TOfferTemplateFormValues): Promise<TOfferTemplate> {
    if (await this.repo.nameTaken(auth.companyId, input.name)) throw nameTaken();
    const values = this.clean(input);
    const id = await writeUniqueName(() =>
      this.repo.insert(auth.companyId, auth.userId, values, nowIso()),
    );
    await this.audit.record(
      auth,
      'offer_template.created',
      { type: 'offer_template', id },
      { name: input.name },
    );
    return this.get(auth, id);
  }

  async update(
    auth: AuthContext,
    id: number,
    input: TOfferTemplateFormValues,
  ): Promise<TOfferTemplate> {
    const current = await this.get(auth, id);
    if (await this.repo.nameTaken(auth.companyId, input.name, id)) throw nameTaken();
    const values = this.clean(input);
    await writeUniqueName(() => this.repo.update(auth.companyId, id, values, nowIso()));
    await this.audit.record(
      auth,
      'offer_template.updated',
      { type: 'offer_template', id },
      { name: input.name, previous_name: current.name === input.name ? null : current.name },
    );
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    const current = await this.get(auth, id);
    await this.repo.delete(auth.companyId, id);
    await this.audit.record(
      auth,
      'offer_template.deleted',
      { type: 'offer_template', id },
      { name: current.name },
    );
  }
}
