import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MERGE_FIELDS, MERGE_FIELD_PATTERN } from '@embauche/contracts/mail-models';
import { MAILING_SKIP_REASONS, type TMailing } from '@embauche/contracts/mailings';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorStatus } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useCancelMailing } from '../api/cancel-mailing.ts';
import { isMailingOver, useMailing } from '../api/get-mailing.ts';
import { isPast } from '../lib/send-at.ts';

type Props = {
  mailingId: number;
  onClose: () => void;
  /** Once, when the mailing is done (the e-mails are in the applicants' feeds). */
  onFinished?: () => void;
};

/**
 * A mailing's progress, asked every second until it is done or cancelled: a bar with the e-mails
 * written out of the total, and the ones skipped with why. The status line (role=status) tells
 * screen readers the phase and, at the end, the counts, not every tick. Scheduled or sending, it
 * may be cancelled: the recipients not yet written to are skipped.
 */
export function MailingProgress({ mailingId, onClose, onFinished }: Props) {
  const { t, i18n } = useTranslation(['multicast', 'mail', 'common']);
  const id = useId();
  const query = useMailing(mailingId);
  const cancel = useCancelMailing();
  const mailing = query.data;
  const over = isMailingOver(mailing);
  const finished = useRef(false);
  useEffect(() => {
    if (mailing?.status !== 'done' || finished.current) return;
    finished.current = true;
    onFinished?.();
  }, [mailing?.status, onFinished]);

  if (!mailing)
    return query.isError ? (
      <p role="alert" className="text-sm text-red-700">
        {t('common:error')}
      </p>
    ) : (
      <Spinner />
    );
  const handled = mailing.sent + mailing.skipped;
  const reasons = MAILING_SKIP_REASONS.filter((reason) => mailing.skipped_reasons[reason] > 0).map(
    (reason) =>
      t(`multicast:progress.reasons.${reason}`, { count: mailing.skipped_reasons[reason] }),
  );
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-sm">
        {mailing.model_name ? (
          <>
            <dt className="text-slate-600">{t('multicast:progress.model')}</dt>
            <dd className="min-w-0 break-words text-slate-900">{mailing.model_name}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">{t('multicast:progress.subject')}</dt>
        <dd className="min-w-0 break-words text-slate-900">{readable(mailing.subject)}</dd>
      </dl>
      <div role="status" className="flex flex-col gap-1 text-sm text-slate-900">
        <p className="font-medium">{phase(mailing)}</p>
        {over ? <p>{summary(mailing)}</p> : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <div
          role="progressbar"
          aria-labelledby={`${id}-bar`}
          aria-valuemin={0}
          aria-valuemax={mailing.total}
          aria-valuenow={handled}
          aria-valuetext={t('multicast:progress.value', { handled, total: mailing.total })}
          className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width]"
            style={{ width: `${mailing.total ? (handled / mailing.total) * 100 : 100}%` }}
          />
        </div>
        <p id={`${id}-bar`} className="text-xs text-slate-600">
          {t('multicast:progress.label')}
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {(
          [
            ['sent', mailing.sent],
            ['skipped', mailing.skipped],
            ['total', mailing.total],
          ] as const
        ).map(([key, value]) => (
          <div
            key={key}
            className="flex flex-col-reverse rounded-lg border border-slate-200 bg-slate-50 px-2 py-2"
          >
            <dt className="text-xs text-slate-600">{t(`multicast:progress.counts.${key}`)}</dt>
            <dd className="text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {reasons.length ? (
        <div className="flex flex-col gap-1 text-sm text-slate-800">
          <p id={`${id}-skipped`} className="font-medium">
            {t('multicast:progress.skipped', { count: mailing.skipped })}
          </p>
          <ul aria-labelledby={`${id}-skipped`} className="list-disc pl-5">
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {!over ? (
        <p className="text-sm text-slate-600">{t('multicast:progress.background')}</p>
      ) : null}
      {cancel.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorStatus(cancel.error) === 409
            ? t('multicast:progress.already_over')
            : t('common:error')}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2 pt-1">
        {!over ? (
          <Button
            variant="outline"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(mailing.id)}
          >
            {t('multicast:progress.cancel')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t('common:close')}</Button>
      </div>
    </div>
  );

  /** The subject as written, each merge field named in the user's language: `[First name of the applicant]`. */
  function readable(subject: string): string {
    return subject.replace(MERGE_FIELD_PATTERN, (token, name: string) =>
      MERGE_FIELDS.free.includes(name) ? `[${t(`mail:models.merge_fields.${name}`)}]` : token,
    );
  }

  function phase(m: TMailing): string {
    // "Now" is scheduled at its creation time: it reads as sending until the job takes it.
    if (m.status === 'scheduled' && !isPast(m.send_at))
      return t('multicast:progress.scheduled', {
        date: formatDate(m.send_at, 'longdatetime', i18n.language),
      });
    return t(`multicast:progress.${m.status === 'scheduled' ? 'sending' : m.status}`);
  }

  function summary(m: TMailing): string {
    const sent = t('multicast:progress.sent_of', { count: m.sent, total: m.total });
    return m.skipped
      ? `${sent} ${t('multicast:progress.skipped_summary', { count: m.skipped, reasons: reasons.join(', ') })}`
      : sent;
  }
}
