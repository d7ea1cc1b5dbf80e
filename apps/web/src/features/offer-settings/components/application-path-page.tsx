import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  APPLICATION_FIELDS,
  APPLICATION_FIELD_MODES,
  type ApplicationField,
  type ApplicationFieldMode,
  type TApplicationPath,
} from '@embauche/contracts/offer-settings';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useApplicationPath } from '../api/get-application-path.ts';
import { useSaveApplicationPath } from '../api/save-application-path.ts';
import { fieldMessages } from './api-error-codes.ts';

/** The form, once the saved path is known (its state starts from it). */
function ApplicationPathForm({ path }: { path: TApplicationPath }) {
  const { t } = useTranslation(['offer_settings', 'applicant', 'common', 'errors']);
  const id = useId();
  const save = useSaveApplicationPath();
  const errorMessage = useApiErrorMessage();
  const [fields, setFields] = useState(path.fields);
  const [documents, setDocuments] = useState(() => new Set(path.document_type_ids));
  const [error, setError] = useState<string | null>(null);
  const typeName = (type: TApplicationPath['document_types'][number]) =>
    type.default_type ? t(`applicant:document_types.${type.name}`, { defaultValue: type.name }) : type.name;
  const toggle = (typeId: number, on: boolean) =>
    setDocuments((current) => {
      const next = new Set(current);
      if (on) next.add(typeId);
      else next.delete(typeId);
      return next;
    });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      { fields, document_type_ids: [...documents] },
      {
        onSuccess: () => toast.success(t('common:saved')),
        onError: (err) => setError(fieldMessages(t, err).join(' ') || errorMessage(err)),
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="flex max-w-3xl flex-col gap-6">
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-base font-semibold text-slate-900">{t('offer_settings:path.fields_title')}</legend>
        <p className="text-sm text-slate-700">{t('offer_settings:path.fields_intro')}</p>
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {APPLICATION_FIELDS.map((field: ApplicationField) => (
            <li key={field} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <label htmlFor={`${id}-${field}`} className="text-sm font-medium text-slate-800">
                {t(`offer_settings:path.fields.${field}`)}
              </label>
              <Select
                id={`${id}-${field}`}
                className="sm:w-48"
                value={fields[field]}
                onChange={(e) => setFields((current) => ({ ...current, [field]: e.target.value as ApplicationFieldMode }))}
              >
                {APPLICATION_FIELD_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {t(`offer_settings:path.modes.${mode}`)}
                  </option>
                ))}
              </Select>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-base font-semibold text-slate-900">{t('offer_settings:path.documents_title')}</legend>
        <p className="text-sm text-slate-700">{t('offer_settings:path.documents_intro')}</p>
        <ul className="grid gap-2 sm:grid-cols-2">
          {path.document_types.map((type) => (
            <li key={type.id} className="flex items-center gap-2">
              <Checkbox id={`${id}-doc-${type.id}`} checked={documents.has(type.id)} onChange={(e) => toggle(type.id, e.target.checked)} />
              <label htmlFor={`${id}-doc-${type.id}`} className="text-sm text-slate-800">
                {typeName(type)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <p className="text-xs text-slate-600">{t('offer_settings:path.used_by')}</p>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {t('common:save')}
        </Button>
      </div>
    </form>
  );
}

/** Config page `joboffers/application-path` (`config.default_application_path`): the default application form. */
export function ApplicationPathPage() {
  const { t } = useTranslation(['offer_settings', 'common']);
  const path = useApplicationPath();
  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6">
      <p className="text-sm text-slate-700">{t('offer_settings:path.intro')}</p>
      {path.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={t('common:loading')} />
        </div>
      ) : path.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center text-sm text-slate-700">
          <p>{t('offer_settings:error')}</p>
          <Button variant="outline" size="sm" onClick={() => void path.refetch()}>
            {t('offer_settings:retry')}
          </Button>
        </div>
      ) : (
        <ApplicationPathForm path={path.data} />
      )}
    </div>
  );
}
