import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onDisabled: () => void };

export function DisableTwoFactorDialog({ open, onOpenChange, onDisabled }: Props) {
  const { t } = useTranslation(['user_config', 'errors']);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const disable = useDisableTwoFactor(onDisabled);

  const confirm = () => {
    if (!password) return setError('field_required');
    disable.mutate(password, {
      onSuccess: () => {
        toast.success(t('user_config:two_factor.disabled_toast'));
        setPassword('');
        onOpenChange(false);
      },
      onError: (e) => setError((isApiError(e) && e.errors?.password?.[0]) || 'generic'),
    });
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('user_config:two_factor.disable_title')}
      description={t('user_config:two_factor.disable_description')}
      confirmLabel={t('user_config:two_factor.disable')}
      destructive
      loading={disable.isPending}
      onConfirm={confirm}
    >
      <FormField
        label={t('user_config:two_factor.password')}
        error={error ? { type: 'server', message: error } : undefined}
        required
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
          />
        )}
      </FormField>
    </AlertDialog>
  );
}
