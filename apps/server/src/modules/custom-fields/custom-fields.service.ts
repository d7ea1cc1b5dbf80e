import {
  CHOICE_TYPES,
  CUSTOM_FIELDS_MAX,
  checkCustomValues,
  type TCustomField,
  type TCustomFieldCreate,
  type TCustomFieldEntity,
  type TCustomFieldListQuery,
  type TCustomFieldOrder,
  type TCustomFieldUpdate,
  type TCustomFieldValue,
  type TCustomFieldValues,
} from '@embauche/contracts/custom-fields';
import { ERROR_CODES } from '@embauche/contracts/errors';
import type { Kysely } from 'kysely';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { nowIso } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import { HttpError, notFound, validationFailed } from '../../platform/http/http-error.ts';
import {
  readValue,
  storedValue,
  type CustomFieldsRepository,
  type FieldRow,
} from './custom-fields.repository.ts';

/** One `filter[custom_fields][<id>]` of a list: exact on the stored text, or contains (text). */
export type CustomValueFilter = {
  fieldId: number;
  mode: 'exact' | 'contains' | 'choice_in_list';
  value: string;
};

/** Checks that an applicant or an application is one the user sees (404 / 403 otherwise). */
export type EntityGuard = (
  auth: AuthContext,
  entity: TCustomFieldEntity,
  id: number,
) => Promise<void>;

/** Custom fields of the caller's company and their values (contracts/custom-fields.ts). */
export class CustomFieldsService {
  constructor(
    private readonly repo: CustomFieldsRepository,
    private readonly audit: Pick<AuditTrail, 'record'>,
    private readonly guard: EntityGuard,
  ) {}

  private async withCounts(companyId: number, rows: FieldRow[]): Promise<TCustomField[]> {
    const counts = await this.repo.valueCounts(
      companyId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, value_count: counts.get(r.id) ?? 0 }));
  }

  async list(auth: AuthContext, q: TCustomFieldListQuery): Promise<TCustomField[]> {
    const archived = q.archived === 'all' ? null : q.archived === '1';
    return this.withCounts(
      auth.companyId,
      await this.repo.list(auth.companyId, q.entity, archived),
    );
  }

  /** The fields not archived, for forms, lists and filters (no counts). */
  async active(companyId: number, entity: TCustomFieldEntity): Promise<TCustomField[]> {
    return (await this.repo.list(companyId, entity, false)).map((r) => ({ ...r, value_count: 0 }));
  }

  async get(auth: AuthContext, id: number): Promise<TCustomField> {
    const row = await this.repo.find(auth.companyId, id);
    if (!row) throw notFound('Custom field');
    const [field] = await this.withCounts(auth.companyId, [row]);
    return field!;
  }

  async create(auth: AuthContext, input: TCustomFieldCreate): Promise<TCustomField> {
    if ((await this.repo.count(auth.companyId, input.entity)) >= CUSTOM_FIELDS_MAX)
      throw validationFailed({ entity: [`max_items:${CUSTOM_FIELDS_MAX}`] });
    const options = choiceOptions(input.type, input.options);
    const id = await this.repo.insert(
      auth.companyId,
      input.entity,
      input.type,
      { ...input, options, ask_candidates: askable(input.entity, input.ask_candidates) },
      nowIso(),
    );
    await this.audit.record(
      auth,
      'custom_field.created',
      { type: 'custom_field', id },
      { entity: input.entity, field_type: input.type, label: input.label },
    );
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: number, input: TCustomFieldUpdate): Promise<TCustomField> {
    const field = await this.get(auth, id);
    const options = choiceOptions(field.type, input.options);
    if (CHOICE_TYPES.includes(field.type) && !options.length)
      throw validationFailed({ options: ['options_required'] });
    await this.repo.update(
      auth.companyId,
      id,
      { ...input, options, ask_candidates: askable(field.entity, input.ask_candidates) },
      nowIso(),
    );
    await this.audit.record(
      auth,
      'custom_field.updated',
      { type: 'custom_field', id },
      { label: input.label, archived: input.archived ?? field.archived },
    );
    return this.get(auth, id);
  }

  /** `ids` must be every field of the entity (archived too), each once. */
  async reorder(auth: AuthContext, { entity, ids }: TCustomFieldOrder): Promise<void> {
    const fields = await this.repo.list(auth.companyId, entity, null);
    const known = new Set(fields.map((f) => f.id));
    const unique = new Set(ids);
    if (
      unique.size !== ids.length ||
      ids.length !== fields.length ||
      ids.some((id) => !known.has(id))
    )
      throw validationFailed({ ids: ['invalid'] });
    await this.repo.reorder(auth.companyId, ids);
  }

  async remove(auth: AuthContext, id: number, force: boolean): Promise<void> {
    const field = await this.get(auth, id);
    if (field.value_count > 0 && !force)
      throw new HttpError(
        409,
        `The field holds ${field.value_count} value(s).`,
        ERROR_CODES.fieldHasValues,
        { values: [`field_has_values:${field.value_count}`] },
      );
    await this.repo.delete(auth.companyId, id);
    await this.audit.record(
      auth,
      'custom_field.deleted',
      { type: 'custom_field', id },
      { label: field.label, values: field.value_count },
    );
  }

  /**
   * Checks the `custom_fields` of a create (every required field needed) or an update (the ones
   * sent): 422 with `custom_fields.<id>` codes, else the normalised values to write.
   */
  async check(
    companyId: number,
    entity: TCustomFieldEntity,
    input: TCustomFieldValues | undefined,
    mode: 'create' | 'update',
  ): Promise<Map<number, TCustomFieldValue>> {
    if (mode === 'update' && (!input || !Object.keys(input).length)) return new Map();
    const fields = await this.repo.list(companyId, entity, false);
    const { values, errors } = checkCustomValues(fields, input, mode);
    if (Object.keys(errors).length) throw validationFailed(errors);
    return values;
  }

  /** Writes values checked by `check` for one object of the company. */
  async write(
    companyId: number,
    entityId: number,
    values: Map<number, TCustomFieldValue>,
  ): Promise<void> {
    await this.repo.write(companyId, entityId, values, nowIso());
  }

  /** The values of the active fields of these objects: `{ "<field id>": value }` per object. */
  async valuesOf(
    companyId: number,
    entity: TCustomFieldEntity,
    entityIds: number[],
    fields?: Pick<TCustomField, 'id' | 'type'>[],
  ): Promise<Map<number, TCustomFieldValues>> {
    const list = fields ?? (await this.repo.list(companyId, entity, false));
    const types = new Map(list.map((f) => [f.id, f.type]));
    const rows = await this.repo.values(companyId, [...types.keys()], entityIds);
    const out = new Map<number, TCustomFieldValues>(entityIds.map((id) => [id, {}]));
    for (const row of rows) {
      const type = types.get(row.field_id);
      if (!type) continue;
      out.get(row.entity_id)![String(row.field_id)] = readValue(type, row.value);
    }
    return out;
  }

  /**
   * What list rows show: the values of the fields marked `show_in_list` (not archived) of these
   * objects, per entity, in one query for the page. `of(entity, id)` is `{ "<field id>": value }`
   * (empty when the object has none).
   */
  async listValues(
    companyId: number,
    wanted: { entity: TCustomFieldEntity; ids: number[] }[],
  ): Promise<{
    of: (entity: TCustomFieldEntity, id: number) => TCustomFieldValues;
    /** No value to show at all (most companies list no field): the rows stay as they are. */
    none: boolean;
  }> {
    const rows = await this.repo.listValues(companyId, wanted);
    const byKey = new Map<string, TCustomFieldValues>();
    for (const row of rows) {
      const key = `${row.entity}:${row.entity_id}`;
      const values = byKey.get(key) ?? {};
      values[String(row.field_id)] = readValue(row.type as TCustomField['type'], row.value);
      byKey.set(key, values);
    }
    return { of: (entity, id) => byKey.get(`${entity}:${id}`) ?? {}, none: rows.length === 0 };
  }

  /**
   * `filter[custom_fields.<id>]` of a list (the offer list): each an active field of the company
   * for the entity (else 422 `filter.custom_fields.<id>: unknown_field`), its value read for the
   * type (422 `invalid` otherwise).
   */
  async filters(
    companyId: number,
    entity: TCustomFieldEntity,
    raw: Record<string, string>,
  ): Promise<CustomValueFilter[]> {
    const wanted = Object.entries(raw).flatMap(([key, value]) => {
      const match = /^custom_fields\.(\d+)$/.exec(key);
      return match ? [{ key, id: Number(match[1]), value }] : [];
    });
    if (!wanted.length) return [];
    const fields = new Map((await this.repo.list(companyId, entity, false)).map((f) => [f.id, f]));
    return wanted.map(({ key, id, value }) => {
      const field = fields.get(id);
      if (!field) throw validationFailed({ [`filter.${key}`]: ['unknown_field'] });
      const bad = () => validationFailed({ [`filter.${key}`]: ['invalid'] });
      switch (field.type) {
        case 'text':
        case 'long_text':
          return { fieldId: id, mode: 'contains', value };
        case 'yes_no':
          if (!['1', '0', 'true', 'false'].includes(value)) throw bad();
          return {
            fieldId: id,
            mode: 'exact',
            value: storedValue(value === '1' || value === 'true'),
          };
        case 'number':
        case 'currency':
          if (!Number.isFinite(Number(value)) || value.trim() === '') throw bad();
          return { fieldId: id, mode: 'exact', value: storedValue(Number(value)) };
        case 'multiple_choice':
          return { fieldId: id, mode: 'choice_in_list', value: JSON.stringify(value) };
        default:
          return { fieldId: id, mode: 'exact', value };
      }
    });
  }

  /** The fields the career site's apply form asks (`ask_candidates`, not archived). */
  async asked(companyId: number): Promise<FieldRow[]> {
    return this.repo.asked(companyId);
  }

  /**
   * Stores a career-site application's answers (checked against `asked`) in the caller's
   * transaction: an application field's on the new application; an applicant field's on the
   * applicant unless it already holds a value (a known applicant's values, which recruiters may
   * have set, are kept; the answer stays readable with the application's consent).
   */
  async writeAnswers(
    companyId: number,
    ids: { applicantId: number; applicationId: number },
    asked: readonly Pick<FieldRow, 'id' | 'entity'>[],
    values: Map<number, TCustomFieldValue>,
    trx: Kysely<DB>,
  ): Promise<void> {
    const of = (entity: TCustomFieldEntity) =>
      new Map(
        asked
          .filter((f) => f.entity === entity && values.get(f.id) != null)
          .map((f) => [f.id, values.get(f.id)!]),
      );
    const applicant = of('applicant');
    const held = await this.repo.values(companyId, [...applicant.keys()], [ids.applicantId], trx);
    for (const row of held) applicant.delete(row.field_id);
    const now = nowIso();
    await this.repo.write(companyId, ids.applicantId, applicant, now, trx);
    await this.repo.write(companyId, ids.applicationId, of('application'), now, trx);
  }

  /** Offer fields not archived, in order: the export's extra columns. */
  async columns(companyId: number, entity: TCustomFieldEntity): Promise<FieldRow[]> {
    return this.repo.list(companyId, entity, false);
  }

  /** `GET /custom-fields/values/{entity}/{id}` (applicants and applications). */
  async entityValues(
    auth: AuthContext,
    entity: TCustomFieldEntity,
    id: number,
  ): Promise<{ custom_fields: TCustomFieldValues }> {
    await this.guard(auth, entity, id);
    const values = await this.valuesOf(auth.companyId, entity, [id]);
    return { custom_fields: values.get(id) ?? {} };
  }

  /** `PUT /custom-fields/values/{entity}/{id}`: the fields sent change, the others stay. */
  async setEntityValues(
    auth: AuthContext,
    entity: TCustomFieldEntity,
    id: number,
    input: TCustomFieldValues,
  ) {
    await this.guard(auth, entity, id);
    const values = await this.check(auth.companyId, entity, input, 'update');
    await this.write(auth.companyId, id, values);
    return this.entityValues(auth, entity, id);
  }
}

/** Only applicant and application fields are asked on the career site. */
function askable(entity: TCustomFieldEntity, ask: boolean): boolean {
  return entity !== 'offer' && ask;
}

/** Options belong to choice fields only. */
function choiceOptions(type: string, options: string[]): string[] {
  return type === 'single_choice' || type === 'multiple_choice' ? options : [];
}
