/** What the manual applicant forms send (spec 3 "Manual applicant payload"). */
export type ManualApplicantValues = {
  firstname: string;
  lastname: string;
  email?: string | null;
  phone?: string | null;
  motivation?: string | null;
  status_id?: number;
  tags?: string[];
  source?: { provenance_id?: number | null; jobboard_id?: number | null; url?: string | null };
  visio?: { url?: string | null; scheduled_at?: string | null; notes?: string | null };
};

/** Multipart: plain fields as text, `tags[]` repeated, `source` and `visio` as JSON text, the CV as `cv`. */
export function manualFormData(values: ManualApplicantValues, cv: File | null, extra: Record<string, number> = {}): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(extra)) data.append(key, String(value));
  for (const key of ['firstname', 'lastname', 'email', 'phone', 'motivation', 'status_id'] as const) {
    const value = values[key];
    if (value !== undefined && value !== null) data.append(key, String(value));
  }
  for (const tag of values.tags ?? []) data.append('tags[]', tag);
  if (values.source) data.append('source', JSON.stringify(values.source));
  if (values.visio) data.append('visio', JSON.stringify(values.visio));
  if (cv) data.append('cv', cv, cv.name);
  return data;
}
