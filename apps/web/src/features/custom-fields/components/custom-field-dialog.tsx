import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Plus, X } from 'lucide-react';
import type { z } from 'zod';
import {
  CHOICE_TYPES,
  CUSTOM_FIELD_TYPES,
  ZCustomFieldCreate,
  type TCustomField,
  type TCustomFieldCreate,
  type TCustomFieldEntity,
} from '@embauche/contracts/custom-fields';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useCreateCustomField } from '../api/create-custom-field.ts';
import { useUpdateCustomField } from '../api/update-custom-field.ts';

type Props = {
  entity: TCustomFieldEntity;
  /** The field to edit; none to create one. */
  field?: TCustomField;
  onClose: () => void;
};

type FormInput = z.input<typeof ZCustomFieldCreate>;

/**
 * Creates or edits a custom field: label, type (fixed once created), required, options of a
 * choice, where it shows (an applicant's or application's field also on the career site's apply
 * form). Checked with the contracts' schema; the server's codes land on the fields.
 */
export function CustomFieldDialog({ entity, field, onClose }: Props) {
  const { t } = useTranslation(['customFields', 'errors', 'common']);
  const id = useId();
  const create = useCreateCustomField();
  const update = useUpdateCustomField();
  const errorMessage = useApiErrorMessage();
  const [newOption, setNewOption] = useState('');
  const form = useForm<FormInput, unknown, TCustomFieldCreate>({
    resolver: zodResolver(ZCustomFieldCreate),
    defaultValues: {
      entity,
      type: field?.type ?? 'text',
      label: field?.label ?? '',
      required: field?.required ?? false,
      options: field?.options ?? [],
      show_in_form: field?.show_in_form ?? true,
      show_in_list: field?.show_in_list ?? false,
      ask_candidates: field?.ask_candidates ?? false,
    },
  });
  const type = useWatch({ control: form.control, name: 'type' });
  const options = useWatch({ control: form.control, name: 'options' }) ?? [];
  const choice = CHOICE_TYPES.includes(type);
  const optionsError = form.formState.errors.options;
  const setOptions = (next: string[]) => form.setValue('options', next, { shouldValidate: form.formState.isSubmitted });
  const addOption = () => {
    const text = newOption.trim();
    if (!text || options.includes(text)) return;
    setOptions([...options, text]);
    setNewOption('');
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      if (field) {
        const { entity: _entity, type: _type, ...settings } = values;
        await update.mutateAsync({ ...settings, id: field.id });
      } else await create.mutateAsync(values);
      toast.success(t(field ? 'customFields:dialog.saved' : 'customFields:dialog.created', { label: values.label }));
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['label', 'options', 'type', 'entity'])) toast.error(errorMessage(error));
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(field ? 'customFields:dialog.edit_title' : 'customFields:dialog.create_title')}
      description={field?.label}
      className="max-w-lg"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label={t('customFields:dialog.label')} required error={form.formState.errors.label}>
          {(control) => <Input {...control} autoComplete="off" maxLength={300} {...form.register('label')} />}
        </FormField>
        <FormField label={t('customFields:dialog.type')} required error={form.formState.errors.type} hint={field ? t('customFields:dialog.type_fixed') : undefined}>
          {(control) =>
            field ? (
              <Input {...control} readOnly value={t(`customFields:types.${field.type}`)} />
            ) : (
            <Select {...control} {...form.register('type')}>
              {CUSTOM_FIELD_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`customFields:types.${value}`)}
                </option>
              ))}
            </Select>
            )
          }
        </FormField>
        {choice ? (
          <fieldset className="flex flex-col gap-2" aria-describedby={optionsError ? `${id}-options-error` : undefined}>
            <legend className={optionsError ? 'mb-1 text-sm font-medium text-red-700' : 'mb-1 text-sm font-medium text-slate-800'}>
              {t('customFields:dialog.options')}
              <span aria-hidden="true" className="ml-0.5 text-red-600">
                *
              </span>
            </legend>
            {options.length ? (
              <ul className="flex flex-wrap gap-2">
                {options.map((option) => (
                  <li key={option} className="flex items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-0.5 pl-3 pr-1 text-sm text-slate-800">
                    {option}
                    <button
                      type="button"
                      className="rounded-full p-1 text-slate-600 hover:bg-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                      aria-label={t('customFields:dialog.remove_option', { option })}
                      onClick={() => setOptions(options.filter((o) => o !== option))}
                    >
                      <X className="size-3.5" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="flex gap-2">
              <Input
                aria-label={t('customFields:dialog.new_option')}
                placeholder={t('customFields:dialog.new_option')}
                value={newOption}
                maxLength={255}
                onChange={(e) => setNewOption(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addOption();
                  }
                }}
              />
              <Button variant="outline" onClick={addOption} disabled={!newOption.trim()}>
                <Plus aria-hidden="true" />
                {t('customFields:dialog.add_option')}
              </Button>
            </div>
            {optionsError?.message ? (
              <p id={`${id}-options-error`} className="text-sm text-red-700">
                {translateErrorCode(t, optionsError.message)}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <div className="flex flex-col gap-2">
          {/* Only applicants' and applications' fields are asked on the career site. */}
          {(['required', 'show_in_form', 'show_in_list', ...(entity === 'offer' ? [] : ['ask_candidates' as const])] as const).map((name) => (
            <label key={name} className="flex items-center gap-2 text-sm text-slate-800">
              <Checkbox {...form.register(name)} />
              {t(`customFields:dialog.${name}`)}
            </label>
          ))}
        </div>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t(field ? 'common:save' : 'customFields:dialog.submit_create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
