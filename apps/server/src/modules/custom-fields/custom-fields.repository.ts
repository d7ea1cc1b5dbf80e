import type { Kysely } from 'kysely';
import { inIds } from '../../platform/db/id-list.ts';
import type {
  TCustomField,
  TCustomFieldEntity,
  TCustomFieldType,
  TCustomFieldValue,
} from '@embauche/contracts/custom-fields';
import type { Dialect } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';

export type FieldRow = Omit<TCustomField, 'value_count'>;

export type FieldValues = {
  label: string;
  required: boolean;
  options: string[];
  show_in_form: boolean;
  show_in_list: boolean;
  ask_candidates: boolean;
};

/** How a value is kept: text, the number written out, `1`/`0`, or the JSON array of choices. */
export function storedValue(value: Exclude<TCustomFieldValue, null>): string {
  if (Array.isArray(value)) return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

/** The stored text read back for its type. */
export function readValue(type: TCustomFieldType, text: string): TCustomFieldValue {
  switch (type) {
    case 'number':
    case 'currency':
      return Number(text);
    case 'yes_no':
      return text === '1';
    case 'multiple_choice':
      try {
        const list: unknown = JSON.parse(text);
        return Array.isArray(list) ? list.map(String) : [];
      } catch {
        return [];
      }
    default:
      return text;
  }
}

export const VALUE_KEY_LENGTH = 191;

function toField(row: {
  id: number;
  entity: string;
  type: string;
  label: string;
  required: boolean | number;
  options: string;
  show_in_form: boolean | number;
  show_in_list: boolean | number;
  ask_candidates: boolean | number;
  position: number;
  archived: boolean | number;
  created_at: unknown;
}): FieldRow {
  let options: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.options);
    if (Array.isArray(parsed)) options = parsed.map(String);
  } catch {
    options = [];
  }
  return {
    id: row.id,
    entity: row.entity as TCustomFieldEntity,
    type: row.type as TCustomFieldType,
    label: row.label,
    required: Boolean(row.required),
    options,
    show_in_form: Boolean(row.show_in_form),
    show_in_list: Boolean(row.show_in_list),
    ask_candidates: Boolean(row.ask_candidates),
    position: row.position,
    archived: Boolean(row.archived),
    created_at:
      row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at),
  };
}

const FIELD_COLUMNS = [
  'id',
  'entity',
  'type',
  'label',
  'required',
  'options',
  'show_in_form',
  'show_in_list',
  'ask_candidates',
  'position',
  'archived',
  'created_at',
] as const;

/** The only SQL of custom fields and their values; every query takes the company id. */
export class CustomFieldsRepository {
  constructor(
    readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  /** The company's fields of an entity in their order; `archived` null for both. */
  async list(
    companyId: number,
    entity: TCustomFieldEntity,
    archived: boolean | null,
  ): Promise<FieldRow[]> {
    let query = this.db
      .selectFrom('custom_fields')
      .select(FIELD_COLUMNS)
      .where('company_id', '=', companyId)
      .where('entity', '=', entity);
    if (archived !== null) query = query.where('archived', '=', archived);
    const rows = await query.orderBy('position').orderBy('id').execute();
    return rows.map(toField);
  }

  async find(companyId: number, id: number): Promise<FieldRow | undefined> {
    const row = await this.db
      .selectFrom('custom_fields')
      .select(FIELD_COLUMNS)
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toField(row) : undefined;
  }

  /** How many values each field holds. */
  async valueCounts(companyId: number, ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('custom_field_values')
      .select((eb) => ['field_id', eb.fn.countAll<number>().as('n')])
      .where('company_id', '=', companyId)
      .where('field_id', 'in', ids)
      .groupBy('field_id')
      .execute();
    return new Map(rows.map((r) => [r.field_id, Number(r.n)]));
  }

  async count(companyId: number, entity: TCustomFieldEntity): Promise<number> {
    const row = await this.db
      .selectFrom('custom_fields')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', companyId)
      .where('entity', '=', entity)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insert(
    companyId: number,
    entity: TCustomFieldEntity,
    type: TCustomFieldType,
    values: FieldValues,
    now: string,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('custom_fields')
        .select((eb) => eb.fn.max('position').as('max'))
        .where('company_id', '=', companyId)
        .where('entity', '=', entity)
        .executeTakeFirst();
      const row = await trx
        .insertInto('custom_fields')
        .values({
          company_id: companyId,
          entity,
          type,
          label: values.label,
          required: values.required,
          options: JSON.stringify(values.options),
          show_in_form: values.show_in_form,
          show_in_list: values.show_in_list,
          ask_candidates: values.ask_candidates,
          position: Number(last?.max ?? 0) + 1,
          archived: false,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  }

  async update(
    companyId: number,
    id: number,
    values: FieldValues & { archived?: boolean },
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable('custom_fields')
      .set({
        label: values.label,
        required: values.required,
        options: JSON.stringify(values.options),
        show_in_form: values.show_in_form,
        show_in_list: values.show_in_list,
        ask_candidates: values.ask_candidates,
        ...(values.archived !== undefined ? { archived: values.archived } : {}),
        updated_at: now,
      })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  /** Positions 1..n in the order of `ids` (fields of the company only). */
  async reorder(companyId: number, ids: number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [index, id] of ids.entries()) {
        await trx
          .updateTable('custom_fields')
          .set({ position: index + 1 })
          .where('company_id', '=', companyId)
          .where('id', '=', id)
          .execute();
      }
    });
  }

  /** Deletes the field and its values (also on delete cascade; said here for every setting). */
  async delete(companyId: number, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('custom_field_values')
        .where('company_id', '=', companyId)
        .where('field_id', '=', id)
        .execute();
      await trx
        .deleteFrom('custom_fields')
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    });
  }

  /** The stored values of these fields for these objects (`trx`: inside the caller's writes). */
  async values(
    companyId: number,
    fieldIds: number[],
    entityIds: number[],
    trx: Kysely<DB> = this.db,
  ) {
    if (!fieldIds.length || !entityIds.length) return [];
    return trx
      .selectFrom('custom_field_values')
      .select(['field_id', 'entity_id', 'value'])
      .where('company_id', '=', companyId)
      .where('field_id', 'in', fieldIds)
      .where('entity_id', 'in', entityIds)
      .execute();
  }

  /**
   * The values that lists show (fields with `show_in_list`, not archived) of these objects, for
   * one or more entities (an application row shows its applicant's too): one query, whatever the
   * number of rows and fields. Each row says its field's type and entity.
   */
  async listValues(companyId: number, wanted: { entity: TCustomFieldEntity; ids: number[] }[]) {
    const groups = wanted.filter((w) => w.ids.length);
    if (!groups.length) return [];
    // The few listed fields first: most companies list none, and then no value is read at all.
    const fields = await this.db
      .selectFrom('custom_fields')
      .select(['id', 'type', 'entity'])
      .where('company_id', '=', companyId)
      .where('show_in_list', '=', true)
      .where('archived', '=', false)
      .where(
        'entity',
        'in',
        groups.map((g) => g.entity),
      )
      .execute();
    if (!fields.length) return [];
    const byId = new Map(fields.map((f) => [f.id, f]));
    const rows = await this.db
      .selectFrom('custom_field_values')
      .select(['field_id', 'entity_id', 'value'])
      .where('company_id', '=', companyId)
      .where((eb) =>
        eb.or(
          groups
            .map((g) => ({ g, ids: fields.filter((f) => f.entity === g.entity).map((f) => f.id) }))
            .filter(({ ids }) => ids.length)
            .map(({ g, ids }) =>
              eb.and([eb('field_id', 'in', ids), inIds(this.dialect, eb.ref('entity_id'), g.ids)]),
            ),
        ),
      )
      .execute();
    return rows.map((r) => ({
      ...r,
      type: byId.get(r.field_id)!.type,
      entity: byId.get(r.field_id)!.entity,
    }));
  }

  /**
   * Writes (or clears, with null) the values of one object, in a transaction of its own or in
   * the caller's (`trx`).
   */
  async write(
    companyId: number,
    entityId: number,
    values: Map<number, TCustomFieldValue>,
    now: string,
    within?: Kysely<DB>,
  ): Promise<void> {
    if (!values.size) return;
    const run = async (trx: Kysely<DB>) => {
      for (const [fieldId, value] of values) {
        await trx
          .deleteFrom('custom_field_values')
          .where('company_id', '=', companyId)
          .where('field_id', '=', fieldId)
          .where('entity_id', '=', entityId)
          .execute();
        if (value === null) continue;
        const text = storedValue(value);
        await trx
          .insertInto('custom_field_values')
          .values({
            company_id: companyId,
            field_id: fieldId,
            entity_id: entityId,
            value: text,
            value_key: text.slice(0, VALUE_KEY_LENGTH),
            updated_at: now,
          })
          .execute();
      }
    };
    if (within) await run(within);
    else await this.db.transaction().execute(run);
  }

  /** The fields, not archived, that the career site's apply form asks (applicants', then applications'). */
  async asked(companyId: number): Promise<FieldRow[]> {
    const rows = await this.db
      .selectFrom('custom_fields')
      .select(FIELD_COLUMNS)
      .where('company_id', '=', companyId)
      .where('entity', 'in', ['applicant', 'application'])
      .where('ask_candidates', '=', true)
      .where('archived', '=', false)
      .orderBy('entity')
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map(toField);
  }
}
