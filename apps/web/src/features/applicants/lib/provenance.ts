import { PROVENANCES } from '@embauche/contracts/applicants';

export type ProvenanceName = keyof typeof PROVENANCES;

/** The provenance's name for `applicant:provenances.{name}`, or null for an unknown id. */
export function provenanceName(id: number | null): ProvenanceName | null {
  const entry = Object.entries(PROVENANCES).find(([, value]) => value === id);
  return entry ? (entry[0] as ProvenanceName) : null;
}

export const PROVENANCE_NAMES = Object.keys(PROVENANCES) as ProvenanceName[];
