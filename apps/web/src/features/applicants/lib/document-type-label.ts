import type { TFunction } from 'i18next';

/** A default document type is shown through `applicant:document_types.{name}`, a company's own by its name. */
export function documentTypeLabel(t: TFunction, type: { name: string; default_type: boolean }): string {
  return type.default_type ? t(`applicant:document_types.${type.name}`, { defaultValue: type.name }) : type.name;
}
