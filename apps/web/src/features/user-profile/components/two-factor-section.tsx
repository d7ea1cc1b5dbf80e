import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import type { TTwoFactorSetup } from '@embauche/contracts/profile';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useSetupTwoFactor } from '../api/setup-two-factor.ts';
import { DisableTwoFactorDialog } from './disable-two-factor-dialog.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { TwoFactorSetup } from './two-factor-setup.tsx';

type Props = { enabled: boolean; onChanged: () => void };

export function TwoFactorSection({ enabled, onChanged }: Props) {
  const { t } = useTranslation('user_config');
  const errorMessage = useApiErrorMessage();
  const setupMutation = useSetupTwoFactor();
  const [setup, setSetup] = useState<TTwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disableOpen, setDisableOpen] = useState(false);

  const start = () =>
    setupMutation.mutate(undefined, { onSuccess: setSetup, onError: (e) => toast.error(errorMessage(e)) });

  const confirmed = (recoveryCodes: string[]) => {
    setSetup(null);
    setCodes(recoveryCodes);
    toast.success(t('user_config:two_factor.enabled_toast'));
  };

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          onChanged();
        }}
      />
    );
  }
  if (setup) return <TwoFactorSetup setup={setup} onConfirmed={confirmed} onCancel={() => setSetup(null)} />;

  const Icon = enabled ? ShieldCheck : ShieldOff;
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <p className="flex items-center gap-2 text-sm font-medium">
        <Icon aria-hidden="true" className={cn('size-5', enabled ? 'text-emerald-700' : 'text-slate-500')} />
        <span className={enabled ? 'text-emerald-800' : 'text-slate-700'}>
          {enabled ? t('user_config:two_factor.enabled') : t('user_config:two_factor.disabled')}
        </span>
      </p>
      {enabled ? (
        <Button variant="outline" onClick={() => setDisableOpen(true)}>
          {t('user_config:two_factor.disable')}
        </Button>
      ) : (
        <Button onClick={start} disabled={setupMutation.isPending}>
          {t('user_config:two_factor.enable')}
        </Button>
      )}
      <DisableTwoFactorDialog open={disableOpen} onOpenChange={setDisableOpen} onDisabled={onChanged} />
    </div>
  );
}
