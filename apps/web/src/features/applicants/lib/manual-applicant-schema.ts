import { z } from 'zod';
import type { ApplicationField, ApplicationFieldMode } from '@embauche/contracts/offer-settings';
import type { ManualApplicantValues } from '../api/manual-form-data.ts';
import { optionalLink, optionalText as optional, ZApplicantIdentityFields } from './applicant-form-fields.ts';

/** The shared manual payload schema for identity, motivation and tags; source, status and visio as the inputs hold them. */
export const ZManualForm = ZApplicantIdentityFields.extend({
  motivation: optional(10000),
  tags: z.array(z.string().trim().min(1, 'field_required').max(50, 'max_length:50')).max(50, 'max_length:50'),
  status_id: z.string(),
  source: z.object({ provenance_id: z.string(), jobboard_id: z.string(), url: optionalLink() }),
  visio: z.object({ url: optionalLink(), scheduled_at: z.string(), notes: optional(5000) }),
});
export type ManualFormInput = z.input<typeof ZManualForm>;
export type ManualFormOutput = z.output<typeof ZManualForm>;

/** How the manual form shows its phone, motivation and CV: from the company's application path. */
export type ManualFieldModes = Record<'phone' | 'motivation' | 'cv', ApplicationFieldMode>;

/**
 * The application path's modes for the manual form's fields (contracts/offer-settings.ts
 * MANUAL_PATH_FIELDS): `cover_letter` is the motivation, hidden anyway when the offer's project
 * takes no documents. Without the path (not loaded) nothing is hidden or required.
 */
export function manualFieldModes(fields: Record<ApplicationField, ApplicationFieldMode> | undefined, documentsEnabled: boolean): ManualFieldModes {
  return {
    phone: fields?.phone ?? 'optional',
    motivation: documentsEnabled ? (fields?.cover_letter ?? 'optional') : 'hidden',
    cv: fields?.cv ?? 'optional',
  };
}

const requiredText = (max: number) => z.string().trim().min(1, 'field_required').max(max, `max_length:${max}`);

/** ZManualForm with the path's required phone and motivation (`field_required`, as the server answers). */
export function manualFormSchema(modes: ManualFieldModes) {
  return ZManualForm.extend({
    phone: modes.phone === 'required' ? requiredText(30) : ZManualForm.shape.phone,
    motivation: modes.motivation === 'required' ? requiredText(10000) : ZManualForm.shape.motivation,
  });
}

/** Server 422 keys that have a field in the form. */
export const MANUAL_FIELDS = [
  'firstname',
  'lastname',
  'email',
  'phone',
  'motivation',
  'tags',
  'status_id',
  'source.provenance_id',
  'source.jobboard_id',
  'source.url',
  'visio.url',
  'visio.scheduled_at',
  'visio.notes',
];

const id = (value: string) => (value ? Number(value) : null);

/** Form values → the payload fields (empty texts left out, the local date-time as ISO with its offset). */
export function toManualValues(values: ManualFormOutput): ManualApplicantValues {
  const visio = values.visio;
  const hasVisio = Boolean(visio.url || visio.scheduled_at || visio.notes);
  return {
    firstname: values.firstname,
    lastname: values.lastname,
    email: values.email || null,
    phone: values.phone || null,
    motivation: values.motivation || null,
    ...(values.status_id ? { status_id: Number(values.status_id) } : {}),
    tags: values.tags,
    source: { provenance_id: id(values.source.provenance_id), jobboard_id: id(values.source.jobboard_id), url: values.source.url || null },
    ...(hasVisio
      ? {
          visio: {
            url: visio.url || null,
            scheduled_at: visio.scheduled_at ? new Date(visio.scheduled_at).toISOString() : null,
            notes: visio.notes || null,
          },
        }
      : {}),
  };
}
