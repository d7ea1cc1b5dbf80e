import { useId, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { COMPANY_DESCRIPTION_MAX, type TCompanyDescription } from '@embauche/contracts/company-settings';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useCompanyDescription } from '../api/get-company-description.ts';
import { useSaveCompanyDescription } from '../api/save-company-description.ts';
import { SettingsQuery, SettingsSection } from './settings-query.tsx';

/** The rich-text editor the offers use (features/offers), handed in by the route. */
export type RichTextEditorProps = { value: string; onChange: (html: string) => void; labelledBy: string; describedBy?: string };

function DescriptionForm({ saved, Editor }: { saved: TCompanyDescription; Editor: ComponentType<RichTextEditorProps> }) {
  const { t } = useTranslation(['company_settings', 'errors']);
  const id = useId();
  const save = useSaveCompanyDescription();
  const [value, setValue] = useState(saved.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (value.length > COMPANY_DESCRIPTION_MAX) {
      setError(translateErrorCode(t, `max_length:${COMPANY_DESCRIPTION_MAX}`));
      return;
    }
    try {
      const next = await save.mutateAsync({ description: value || null });
      setValue(next.description ?? '');
      toast.success(t('company_settings:saved'));
    } catch (err) {
      const code = isApiError(err) ? err.errors?.description?.[0] : undefined;
      if (code) setError(translateErrorCode(t, code));
      else toast.error(t('errors:generic'));
    }
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-800">
        {t('company_settings:company_description.label')}
      </span>
      <Editor value={value} onChange={setValue} labelledBy={`${id}-label`} describedBy={`${id}-hint${error ? ` ${id}-error` : ''}`} />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {t('company_settings:company_description.hint')}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {t('company_settings:save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Config page `joboffers/company-description` (`config.company_description`): one text about the
 * company, shown on every offer's page under its own description ("About the company").
 */
export function CompanyDescriptionPage({ Editor }: { Editor: ComponentType<RichTextEditorProps> }) {
  const { t } = useTranslation(['company_settings']);
  const description = useCompanyDescription();
  return (
    <SettingsQuery query={description}>
      {(saved) => (
        <div className="flex flex-col gap-4 p-4 sm:p-6">
          <SettingsSection title={t('company_settings:company_description.title')} description={t('company_settings:company_description.intro')}>
            <DescriptionForm saved={saved} Editor={Editor} />
          </SettingsSection>
        </div>
      )}
    </SettingsQuery>
  );
}
