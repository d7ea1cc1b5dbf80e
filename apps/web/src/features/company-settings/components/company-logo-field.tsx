import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ImageOff, Trash2, Upload } from 'lucide-react';
import { LOGO_MAX_BYTES, LOGO_MAX_MB, LOGO_MIMES, type TCompanyIdentity } from '@embauche/contracts/company-settings';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useDeleteCompanyLogo } from '../api/delete-company-logo.ts';
import { useUploadCompanyLogo } from '../api/upload-company-logo.ts';

/** The logo: shown, replaced (PNG, JPEG or WebP up to 2 MB, checked again by the server) or removed. */
export function CompanyLogoField({ identity }: { identity: TCompanyIdentity }) {
  const { t } = useTranslation(['company_settings', 'errors']);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadCompanyLogo();
  const remove = useDeleteCompanyLogo();
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > LOGO_MAX_BYTES) {
      setError(translateErrorCode(t, `file_too_large:${LOGO_MAX_MB}`));
    } else if (!(LOGO_MIMES as readonly string[]).includes(file.type)) {
      setError(translateErrorCode(t, 'file_type'));
    } else {
      try {
        await upload.mutateAsync(file);
        toast.success(t('company_settings:admin_infos.logo_saved'));
      } catch (err) {
        const code = isApiError(err) ? err.errors?.logo?.[0] : undefined;
        setError(code ? translateErrorCode(t, code) : t('errors:generic'));
      }
    }
    if (input.current) input.current.value = '';
  };

  const drop = async () => {
    try {
      await remove.mutateAsync();
      toast.success(t('company_settings:admin_infos.logo_removed'));
    } catch {
      toast.error(t('errors:generic'));
    }
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
        {identity.logo_src ? (
          <img src={identity.logo_src} alt={t('company_settings:admin_infos.logo_alt', { name: identity.social_reason })} className="max-h-full max-w-full object-contain" />
        ) : (
          <ImageOff aria-hidden="true" className="size-8 text-slate-400" />
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <label className={cn(buttonVariants({ variant: 'outline' }), 'cursor-pointer focus-within:ring-2 focus-within:ring-brand-500 focus-within:ring-offset-2')}>
            <Upload aria-hidden="true" />
            {identity.logo_src ? t('company_settings:admin_infos.logo_replace') : t('company_settings:admin_infos.logo_choose')}
            <input
              ref={input}
              id={id}
              type="file"
              accept={LOGO_MIMES.join(',')}
              className="sr-only"
              disabled={upload.isPending}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              aria-invalid={error ? true : undefined}
              onChange={(e) => void choose(e.target.files?.[0])}
            />
          </label>
          {identity.logo_src ? (
            <Button variant="ghost" onClick={() => void drop()} disabled={remove.isPending}>
              <Trash2 aria-hidden="true" />
              {t('company_settings:admin_infos.logo_remove')}
            </Button>
          ) : null}
        </div>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {t('company_settings:admin_infos.logo_hint', { count: LOGO_MAX_MB })}
        </p>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
