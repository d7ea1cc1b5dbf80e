import { useState } from 'react';
import {
  ArrowRightLeft,
  CalendarPlus,
  Copy,
  Download,
  Forward,
  Mail,
  MessageSquareText,
  X,
} from 'lucide-react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { SelectAllButton, type SelectAllControl } from '../../../components/select-all-button.tsx';
import type { TRecipientSelectionInput } from '@embauche/contracts/application-selection';
import type { TCvBundleOperation } from '@embauche/contracts/applicants';
import { CV_BUNDLE_JOB_MAX, CV_BUNDLE_MAX, downloadCvs, type CvBundleType } from '../api/download-cvs.ts';
import { usePrepareCvBundle } from '../api/prepare-cv-bundle.ts';
import { CvBundleDialog } from './cv-bundle-dialog.tsx';


type Props = {
  count: number;
  applicantIds: number[];
  /**
   * In "all" mode only the actions that act on the whole set on the server are given (status,
   * e-mail, SMS and the CVs of every application that matches).
   */
  selectAll?: SelectAllControl;
  /** In "all" mode: the selection as the server takes it (the CVs of all that match). */
  allSelection?: TRecipientSelectionInput | undefined;
  onChangeStatus?: () => void;
  onDuplicate?: () => void;
  onTransfer?: () => void;
  /** Absent without the SMS feature or project_application.sms. */
  onSms?: () => void;
  /** Absent without project_application.email. */
  onEmail?: () => void;
  /** Absent without planner.access (issue 39). */
  onBooking?: () => void;
  onClear: () => void;
};

/** Shown while applications are selected: status change, CV download (ZIP or merged PDF), duplicate, transfer by e-mail, SMS, e-mail. */
export function ApplicationBatchBar({
  count,
  applicantIds,
  selectAll,
  allSelection,
  onChangeStatus,
  onDuplicate,
  onTransfer,
  onSms,
  onEmail,
  onBooking,
  onClear,
}: Props) {
  const { t } = useTranslation('application');
  const [downloading, setDownloading] = useState(false);
  const [bundle, setBundle] = useState<TCvBundleOperation | null>(null);
  const prepare = usePrepareCvBundle();
  // In "all" mode the CVs of every application that matches: at once up to CV_BUNDLE_MAX, as a ZIP
  // prepared by a job up to CV_BUNDLE_JOB_MAX (the PDF stays at CV_BUNDLE_MAX), said beforehand.
  const all = selectAll?.active ? allSelection : undefined;
  const matching = selectAll?.count ?? 0;
  const byJob = all !== undefined && matching > CV_BUNDLE_MAX;
  const tooMany = all !== undefined && matching > CV_BUNDLE_JOB_MAX;
  const failed = (error: unknown) => {
    const noCv = isApiError(error) && error.errors?.ids?.includes('no_cv');
    const changed = isApiError(error) && error.status === 409 ? error.errors?.count?.[0] : undefined;
    if (changed !== undefined) selectAll?.onRecount?.(Number(changed));
    toast.error(noCv ? t('application:batch.no_cv') : changed !== undefined ? t('application:batch.cv_changed', { count: Number(changed) }) : t('common:error'));
  };
  const download = async (type: CvBundleType) => {
    setDownloading(true);
    try {
      await downloadCvs(all ? { selection: all } : { ids: applicantIds }, type);
    } catch (error) {
      failed(error);
    } finally {
      setDownloading(false);
    }
  };
  const prepareZip = () => {
    if (all) prepare.mutate(all, { onSuccess: setBundle, onError: failed });
  };
  return (
    <div
      role="toolbar"
      aria-label={t('application:batch.toolbar')}
      className="flex flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-2.5"
    >
      <span className="mr-2 text-sm font-medium text-brand-900" aria-live="polite">
        {selectAll?.active
          ? t('application:batch.selected_all', { count: selectAll.count })
          : t('application:batch.selected', { count })}
      </span>
      {selectAll && !selectAll.active && selectAll.matching > count ? (
        <SelectAllButton label={t('application:batch.select_all', { count: selectAll.matching })} onClick={selectAll.onSelectAll} />
      ) : null}
      {onChangeStatus ? (
        <Button variant="outline" size="sm" onClick={onChangeStatus}>
          <ArrowRightLeft aria-hidden="true" />
          {t('application:batch.change_status')}
        </Button>
      ) : null}
      {selectAll?.active && !allSelection ? null : (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm" disabled={downloading || prepare.isPending || tooMany}>
              <Download aria-hidden="true" />
              {t('application:batch.download_cvs')}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            {byJob ? (
              <>
                <DropdownMenuItem onSelect={prepareZip}>{t('application:batch.prepare_zip', { count: matching })}</DropdownMenuItem>
                <DropdownMenuItem disabled>{t('application:batch.download_pdf_max', { max: CV_BUNDLE_MAX })}</DropdownMenuItem>
              </>
            ) : (
              <>
                <DropdownMenuItem onSelect={() => void download('zip')}>{t('application:batch.download_zip')}</DropdownMenuItem>
                <DropdownMenuItem onSelect={() => void download('pdf')}>{t('application:batch.download_pdf')}</DropdownMenuItem>
              </>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      {tooMany ? <span className="text-xs text-slate-700">{t('application:batch.cv_too_many', { max: CV_BUNDLE_JOB_MAX })}</span> : null}
      <CvBundleDialog operation={bundle} onClose={() => setBundle(null)} />
      {onDuplicate ? (
        <Button variant="outline" size="sm" onClick={onDuplicate}>
          <Copy aria-hidden="true" />
          {t('application:batch.duplicate')}
        </Button>
      ) : null}
      {onTransfer ? (
        <Button variant="outline" size="sm" onClick={onTransfer}>
          <Forward aria-hidden="true" />
          {t('application:batch.transfer')}
        </Button>
      ) : null}
      {onSms ? (
        <Button variant="outline" size="sm" onClick={onSms}>
          <MessageSquareText aria-hidden="true" />
          {t('application:batch.sms')}
        </Button>
      ) : null}
      {onEmail ? (
        <Button variant="outline" size="sm" onClick={onEmail}>
          <Mail aria-hidden="true" />
          {t('application:batch.email')}
        </Button>
      ) : null}
      {onBooking ? (
        <Button variant="outline" size="sm" onClick={onBooking}>
          <CalendarPlus aria-hidden="true" />
          {t('application:batch.booking_link')}
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" className="ml-auto" onClick={onClear}>
        <X aria-hidden="true" />
        {t('application:batch.clear')}
      </Button>
    </div>
  );
}
