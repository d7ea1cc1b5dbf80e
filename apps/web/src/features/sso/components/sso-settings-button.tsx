import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSsoSettings } from '../api/get-sso-settings.ts';
import { SsoSettingsForm } from './sso-settings-form.tsx';

function SsoSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['sso', 'common']);
  const settings = useSsoSettings();
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={t('sso:title')} description={t('sso:description')}>
      {settings.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label={t('sso:loading')} />
        </div>
      ) : settings.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center text-sm text-slate-700">
          <p>{t('sso:load_error')}</p>
          <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
            {t('sso:retry')}
          </Button>
        </div>
      ) : (
        <SsoSettingsForm settings={settings.data} onDone={onClose} />
      )}
    </Dialog>
  );
}

/** The "SSO" button of the users page (`config.account`) and the settings dialog it opens. */
export function SsoSettingsButton() {
  const { t } = useTranslation('sso');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" aria-label={t('sso:open_label')} onClick={() => setOpen(true)}>
        <KeyRound aria-hidden="true" />
        {t('sso:open')}
      </Button>
      {open ? <SsoSettingsDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
