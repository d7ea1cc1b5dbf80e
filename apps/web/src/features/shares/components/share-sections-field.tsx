import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SHARE_SECTIONS } from '@embauche/contracts/shares';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { errorCodes } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';

type Props = { register: UseFormRegisterReturn; error?: FieldError };

/** What a link exposes: one checkbox per section, at least one (a red legend and the message otherwise). */
export function ShareSectionsField({ register, error }: Props) {
  const { t } = useTranslation(['applicant', 'errors']);
  const id = useId();
  const codes = errorCodes(error);
  return (
    <fieldset aria-describedby={codes.length ? `${id}-message` : undefined} className="flex min-w-0 flex-col gap-2">
      <legend className={cn('mb-2 text-sm font-medium', codes.length ? 'text-red-700' : 'text-slate-800')}>
        {t('applicant:share_sections.legend')}
        <span aria-hidden="true" className="ml-0.5 text-red-600">*</span>
      </legend>
      <div className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        {SHARE_SECTIONS.map((section) => (
          <label key={section} className="flex items-start gap-2 text-sm text-slate-800">
            <Checkbox value={section} aria-invalid={codes.length > 0} className="mt-0.5 shrink-0" {...register} />
            <span className="min-w-0">{t(`applicant:share_sections.${section}`)}</span>
          </label>
        ))}
      </div>
      {codes.length ? (
        <div id={`${id}-message`} className="flex flex-col gap-0.5 text-sm text-red-700">
          {codes.map((code) => (
            <p key={code}>{translateErrorCode(t, code)}</p>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
