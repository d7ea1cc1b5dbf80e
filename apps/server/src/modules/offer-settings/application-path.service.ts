import {
  APPLICATION_FIELDS,
  APPLICATION_FIELD_MODES,
  DEFAULT_APPLICATION_FIELDS,
  type ApplicationField,
  type ApplicationFieldMode,
  type TApplicationPath,
  type TApplicationPathForm,
} from '@embauche/contracts/offer-settings';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { nowIso } from '../../platform/db/database.ts';
import { validationFailed } from '../../platform/http/http-error.ts';
import type { ApplicationPathRepository } from './application-path.repository.ts';
import { iso } from './offer-settings-rows.ts';

/** Stored modes over the defaults: a field added since the company saved takes its default. */
function readFields(text: string | undefined): Record<ApplicationField, ApplicationFieldMode> {
  const fields = { ...DEFAULT_APPLICATION_FIELDS };
  if (!text) return fields;
  let stored: Record<string, unknown> = {};
  try {
    stored = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return fields;
  }
  for (const name of APPLICATION_FIELDS) {
    const value = stored[name];
    if (APPLICATION_FIELD_MODES.includes(value as ApplicationFieldMode))
      fields[name] = value as ApplicationFieldMode;
  }
  return fields;
}

/**
 * The company's default application form (contracts/offer-settings.ts): which applicant fields
 * are hidden, optional or required and which document types an applicant must give. Read by the
 * manual applicant form (`GET /application-path/form`) and meant for the public application flows.
 */
export class ApplicationPathService {
  constructor(private readonly repo: ApplicationPathRepository) {}

  async get(auth: AuthContext): Promise<TApplicationPath> {
    return this.forCompany(auth.companyId);
  }

  /** Also for the flows where no user is signed in (career site, document links). */
  async forCompany(companyId: number): Promise<TApplicationPath> {
    const [{ row, documentTypeIds }, types] = await Promise.all([
      this.repo.find(companyId),
      this.repo.documentTypes(companyId),
    ]);
    return {
      fields: readFields(row?.fields),
      document_type_ids: documentTypeIds,
      document_types: types.map((t) => ({ ...t, default_type: Boolean(t.default_type) })),
      updated_at: row ? iso(row.updated_at) : null,
    };
  }

  async save(auth: AuthContext, input: TApplicationPathForm): Promise<TApplicationPath> {
    const ids = [...new Set(input.document_type_ids)];
    const known = new Set((await this.repo.documentTypes(auth.companyId)).map((t) => t.id));
    if (ids.some((id) => !known.has(id)))
      throw validationFailed({ document_type_ids: ['invalid'] });
    await this.repo.save(auth.companyId, JSON.stringify(input.fields), ids, nowIso());
    return this.get(auth);
  }
}
