import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LANGUAGES, type Language } from '@embauche/contracts/constants';
import { cn } from '../../../lib/cn.ts';
import { toLanguage } from '../../../lib/language.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useUpdateLanguage } from '../api/update-language.ts';

export function LanguageSettings({ onSaved }: { onSaved?: () => void }) {
  const { t, i18n } = useTranslation(['user_config', 'common']);
  const errorMessage = useApiErrorMessage();
  const update = useUpdateLanguage(onSaved);
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);

  const choose = (language: Language) => {
    void i18n.changeLanguage(language);
    update.mutate(language, {
      onSuccess: () => toast.success(t('user_config:language.saved')),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <fieldset>
      <legend className="sr-only">{t('user_config:language.title')}</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {LANGUAGES.map((language) => (
          <label
            key={language}
            lang={language}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
              current === language
                ? 'border-brand-500 bg-brand-50 text-brand-800'
                : 'border-slate-200 text-slate-800 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name="language"
              value={language}
              checked={current === language}
              onChange={() => choose(language)}
              className="accent-brand-600"
            />
            {t(`common:language.${language}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
