import { useEffect, useRef } from 'react';
import { parseAsInteger, useQueryState } from 'nuqs';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorStatus } from '../../../lib/api-error.ts';
import { useDownloadOfferExport } from '../api/download-offer-export.ts';

/**
 * `?download={id}`: the link of a scheduled export's e-mail opens the export page (after sign-in if
 * need be), which downloads that export once, says so when it is gone or not finished, then drops
 * the parameter from the address.
 */
export function useExportDownloadParam() {
  const { t } = useTranslation(['company_settings']);
  const [id, setId] = useQueryState('download', parseAsInteger);
  const download = useDownloadOfferExport();
  const started = useRef<number | null>(null);
  const { mutate } = download;

  useEffect(() => {
    if (id === null || started.current === id) return;
    started.current = id;
    mutate(id, {
      onSuccess: (name) => toast.success(t('company_settings:export.download_started', { name })),
      onError: (error) =>
        toast.error(
          errorStatus(error) === 409
            ? t('company_settings:export.download_not_ready')
            : errorStatus(error) === 404
              ? t('company_settings:export.download_missing')
              : t('company_settings:export.download_failed'),
        ),
      onSettled: () => void setId(null),
    });
  }, [id, mutate, setId, t]);
}
