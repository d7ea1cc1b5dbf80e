import { useId } from 'react';
import type { FieldError, FieldErrors, FieldValues, Path, PathValue, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@embauche/contracts/constants';
import { OFFER_EXPORT_FILE_FORMATS } from '@embauche/contracts/company-settings';
import { EXPORT_LABELS, OFFER_EXPORT_COLUMNS } from '@embauche/contracts/export-labels';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormField, errorCodes } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { toLanguage } from '../../../lib/language.ts';

type Props<T extends FieldValues> = {
  register: UseFormRegister<T>;
  setValue: UseFormSetValue<T>;
  errors: FieldErrors<T>;
  /** In a dialog: the column list scrolls in a box of its own. */
  compact?: boolean;
};

/**
 * The file of an offers export — format, language and columns (with all / none) — for the
 * on-demand export form and the schedules' dialog, whose values both hold these three fields.
 */
export function OfferExportFileFields<T extends FieldValues>({ register, setValue, errors, compact = false }: Props<T>) {
  const { t, i18n } = useTranslation(['company_settings', 'errors']);
  const id = useId();
  const field = (name: 'format' | 'language' | 'columns') => name as Path<T>;
  const columnsError = errorCodes(errors.columns as Parameters<typeof errorCodes>[0])[0];
  const setColumns = (columns: string[]) => setValue(field('columns'), columns as PathValue<T, Path<T>>);
  const labels = EXPORT_LABELS[toLanguage(i18n.language)];
  return (
    <>
      <div className={cn('grid gap-4', compact ? 'sm:grid-cols-2' : 'md:grid-cols-2')}>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('company_settings:export.format')}</legend>
          <div className="flex flex-wrap gap-4">
            {OFFER_EXPORT_FILE_FORMATS.map((format) => (
              <label key={format} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" value={format} className="size-4 accent-brand-600" {...register(field('format'))} />
                {t(`company_settings:export.formats.${format}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <FormField label={t('company_settings:export.language')} required error={errors.language as FieldError | undefined}>
          {(control) => (
            <Select {...control} {...register(field('language'))}>
              {LANGUAGES.map((lng) => (
                <option key={lng} value={lng}>
                  {t(`company_settings:languages.${lng}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <fieldset className="flex flex-col gap-2" aria-describedby={columnsError ? `${id}-columns-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('company_settings:export.columns')}</legend>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setColumns([...OFFER_EXPORT_COLUMNS])}>
            {t('company_settings:export.select_all')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setColumns([])}>
            {t('company_settings:export.select_none')}
          </Button>
        </div>
        <div className={cn('grid gap-2 sm:grid-cols-2', compact ? 'max-h-48 overflow-y-auto rounded-lg border border-slate-200 p-2' : 'lg:grid-cols-3')}>
          {OFFER_EXPORT_COLUMNS.map((column) => (
            <label key={column} className="flex min-w-0 items-center gap-2 text-sm text-slate-800">
              <Checkbox value={column} {...register(field('columns'))} />
              <span className="min-w-0 break-words">{labels.columns[column]}</span>
            </label>
          ))}
        </div>
        {columnsError ? (
          <p id={`${id}-columns-error`} role="alert" className="text-sm text-red-700">
            {translateErrorCode(t, columnsError)}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}
