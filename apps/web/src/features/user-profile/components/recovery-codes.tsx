import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('user_config');
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h3 className="font-semibold text-slate-900">{t('user_config:two_factor.recovery_title')}</h3>
        <p className="mt-1 text-sm text-slate-600">{t('user_config:two_factor.recovery_description')}</p>
      </div>
      <ul className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-sm text-slate-900 sm:grid-cols-4">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button onClick={onDone} className="self-start">
        {t('user_config:two_factor.done')}
      </Button>
    </div>
  );
}
