import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TTwoFactorSetup } from '@embauche/contracts/profile';
import { Button } from '../../../components/ui/button.tsx';
import { ONE_TIME_CODE_RULES, OneTimeCodeInput } from '../../../components/ui/one-time-code-input.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useConfirmTwoFactor } from '../api/confirm-two-factor.ts';

/** The SVG is shown as an image, never injected as markup. */
export function svgDataUrl(svg: string): string {
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  bytes.forEach((byte) => (binary += String.fromCharCode(byte)));
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

type Props = { setup: TTwoFactorSetup; onConfirmed: (recoveryCodes: string[]) => void; onCancel: () => void };

export function TwoFactorSetup({ setup, onConfirmed, onCancel }: Props) {
  const { t } = useTranslation(['user_config', 'common', 'errors']);
  const confirm = useConfirmTwoFactor();
  const { register, handleSubmit, setError, formState } = useForm({ defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const result = await confirm.mutateAsync(code.trim());
      onConfirmed(result.recovery_codes);
    } catch (error) {
      if (!applyServerErrors(error, setError, ['code'])) setError('code', { type: 'server', message: 'generic' });
    }
  });

  return (
    <div className="flex flex-col gap-5 md:flex-row md:items-start">
      <img
        src={svgDataUrl(setup.qr_code_svg)}
        alt={t('user_config:two_factor.qr_alt')}
        className="size-44 shrink-0 rounded-lg border border-slate-200 bg-white p-2"
      />
      <form onSubmit={onSubmit} noValidate className="flex flex-1 flex-col gap-4">
        <p className="text-sm text-slate-700">{t('user_config:two_factor.scan')}</p>
        <div>
          <p className="text-sm font-medium text-slate-800">{t('user_config:two_factor.secret')}</p>
          <code className="mt-1 block break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900">
            {setup.secret}
          </code>
        </div>
        <FormField label={t('user_config:two_factor.code')} error={formState.errors.code} required>
          {(control) => (
            <OneTimeCodeInput
              {...control}
              {...register('code', ONE_TIME_CODE_RULES)}
              className="max-w-48 tracking-[0.3em]"
            />
          )}
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" disabled={formState.isSubmitting}>
            {t('user_config:two_factor.confirm')}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}
