import { useState } from 'react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TCvBundleOperation } from '@embauche/contracts/applicants';
import { BulkOperationSummary } from '../../../components/bulk-operation-summary.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/dates.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { downloadCvBundle } from '../api/download-cv-bundle.ts';
import { useCvBundle } from '../api/get-cv-bundle.ts';

/**
 * A CV bundle's job (issue 42) as its dialog and its page show it: the progress while it runs (read
 * every second), then the CVs put in and the applications left out, and "Download the ZIP" with the
 * day it is kept until; or that it expired, or failed.
 */
export function CvBundleProgress({ operation }: { operation: TCvBundleOperation }) {
  const { t, i18n } = useTranslation('application');
  const live = useCvBundle(operation).data ?? operation;
  const [downloading, setDownloading] = useState(false);
  const [gone, setGone] = useState(false);
  const [failed, setFailed] = useState(false);
  const skippedCount = Object.values(live.skipped).reduce((sum, n) => sum + n, 0);
  const file = live.file;
  const expired = gone || file?.status === 'expired';
  const download = async () => {
    setDownloading(true);
    setFailed(false);
    try {
      await downloadCvBundle(live.id);
    } catch (error) {
      if (isApiError(error) && (error.status === 410 || error.status === 404)) setGone(true);
      else setFailed(true);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <BulkOperationSummary
        operation={live}
        texts={{
          progress: t('application:cv_bundle.progress', { processed: live.processed, total: live.total }),
          progressLabel: t('application:cv_bundle.progress_label'),
          failed: t('application:cv_bundle.failed'),
          changed: t('application:cv_bundle.changed', { count: live.changed }),
          skipped: t('application:cv_bundle.skipped', { count: skippedCount }),
          reason: (reason, count) =>
            t('application:batch.skipped_reason', {
              count,
              reason: t(`application:cv_bundle.reasons.${reason}`, { defaultValue: t('application:batch.reasons.other') }),
            }),
        }}
      />
      {file && !expired && live.changed > 0 ? (
        <div className="flex flex-col gap-2">
          <Button className="self-start" onClick={() => void download()} disabled={downloading}>
            <Download aria-hidden="true" />
            {t('application:cv_bundle.download')}
          </Button>
          <p className="text-xs text-slate-600">
            {t('application:cv_bundle.kept_until', {
              date: formatDate(file.expires_at, 'date', i18n.language),
              size: file.size === null ? '' : formatBytes(file.size, i18n.language),
            })}
          </p>
        </div>
      ) : null}
      {live.status === 'done' && live.changed === 0 ? <p className="text-sm text-slate-700">{t('application:batch.no_cv')}</p> : null}
      {expired ? (
        <p role="alert" className="text-sm text-red-700">
          {t('application:cv_bundle.expired')}
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          {t('common:error')}
        </p>
      ) : null}
    </div>
  );
}
