import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PROVENANCES } from '@embauche/contracts/applicants';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useJobBoards } from '../../../lib/job-boards/get-job-boards.ts';
import { PROVENANCE_NAMES } from '../lib/provenance.ts';

type Props = {
  /** The form's registrations of `source.provenance_id`, `source.jobboard_id` and `source.url`. */
  provenance: UseFormRegisterReturn;
  jobBoard: UseFormRegisterReturn;
  url: UseFormRegisterReturn;
  errors?: { provenance_id?: FieldError; jobboard_id?: FieldError; url?: FieldError };
  /** Offer an empty "unknown" provenance (editing an applicant whose source was never said). */
  unknownProvenance?: boolean;
  urlClassName?: string;
};

/** Where the applicant comes from: provenance, job board and the link to the original application. */
export function SourceFields({ provenance, jobBoard, url, errors, unknownProvenance = false, urlClassName }: Props) {
  const { t } = useTranslation('applicant');
  const jobBoards = useJobBoards();
  return (
    <>
      <FormField label={t('applicant:fields.provenance')} error={errors?.provenance_id}>
        {(control) => (
          <Select {...control} {...provenance}>
            {unknownProvenance ? <option value="">{t('applicant:profile.unknown')}</option> : null}
            {PROVENANCE_NAMES.map((name) => (
              <option key={name} value={PROVENANCES[name]}>
                {t(`applicant:provenances.${name}`)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {/* Shown once the catalogue is there, so that the registered board finds its option. */}
      {jobBoards.isSuccess ? (
        <FormField label={t('applicant:fields.jobboard')} error={errors?.jobboard_id}>
          {(control) => (
            <Select {...control} {...jobBoard}>
              <option value="">{t('applicant:fields.no_jobboard')}</option>
              {jobBoards.data.map((board) => (
                <option key={board.id} value={board.id}>
                  {board.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      ) : null}
      <FormField label={t('applicant:fields.source_url')} error={errors?.url} className={urlClassName}>
        {(control) => <Input {...control} type="url" autoComplete="off" {...url} />}
      </FormField>
    </>
  );
}
