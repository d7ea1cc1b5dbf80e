import { useTranslation } from 'react-i18next';
import type { TFeedReply } from '@embauche/contracts/activity-feed';
import { formatDate } from '../../../lib/dates.ts';
import { useUserTimeZone } from '../../../lib/user-time-zone.ts';
import {
  usePipelineLabels,
  type MotifLike,
  type StatusLike,
} from '../../../lib/pipeline/status-label.ts';

type DocumentType = { name: string; default_type: boolean };

function isStatus(value: unknown): value is StatusLike {
  return (
    typeof value === 'object' && value !== null && typeof (value as StatusLike).name === 'string'
  );
}

function isMotif(value: unknown): value is MotifLike {
  return (
    typeof value === 'object' && value !== null && typeof (value as MotifLike).name === 'string'
  );
}

function documentsOf(value: unknown): DocumentType[] {
  return Array.isArray(value)
    ? value.filter(
        (d): d is DocumentType =>
          typeof d === 'object' && d !== null && typeof (d as DocumentType).name === 'string',
      )
    : [];
}

/** The sentence for an event the product wrote (a status change, documents, a transfer, a shared link, an e-mail with its text). */
export function FeedEventText({ entry }: { entry: TFeedReply }) {
  const { t, i18n } = useTranslation(['activityFeed', 'applicant']);
  const labels = usePipelineLabels();
  // Appointments' times on the user's clock (their zone, else the company's), as in the planner.
  const timeZone = useUserTimeZone();
  const data = entry.data ?? {};
  const list = (items: string[]) =>
    new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(items);
  switch (entry.kind) {
    case 'status_changed': {
      const to = isStatus(data.status) ? labels.statusLabel(data.status) : '';
      const motif = isMotif(data.motif) ? labels.motifLabel(data.motif) : null;
      const sentence = isStatus(data.from_status)
        ? t('activityFeed:events.status_changed', {
            from: labels.statusLabel(data.from_status),
            to,
          })
        : t('activityFeed:events.status_set', { to });
      return <>{motif ? t('activityFeed:events.with_motif', { sentence, motif }) : sentence}</>;
    }
    case 'applicant_added':
      return (
        <>
          {t(
            data.existing_applicant
              ? 'activityFeed:events.applicant_added_existing'
              : 'activityFeed:events.applicant_added',
          )}
        </>
      );
    case 'documents_requested':
    case 'documents_received': {
      const names = documentsOf(data.documents).map((d) =>
        d.default_type ? t(`applicant:document_types.${d.name}`, { defaultValue: d.name }) : d.name,
      );
      return <>{t(`activityFeed:events.${entry.kind}`, { documents: list(names) })}</>;
    }
    case 'applicant_transferred': {
      const to = Array.isArray(data.to)
        ? data.to.filter((v): v is string => typeof v === 'string')
        : [];
      return <>{t('activityFeed:events.applicant_transferred', { to: list(to) })}</>;
    }
    case 'share_created':
    case 'share_revoked':
      return <>{t(`activityFeed:events.${entry.kind}`)}</>;
    case 'mail_sent': {
      const subject = typeof data.subject === 'string' ? data.subject : '';
      const text = typeof data.text === 'string' ? data.text : '';
      return (
        <>
          {t('activityFeed:events.mail_sent', { subject })}
          {text ? (
            <details className="mt-1">
              <summary className="cursor-pointer text-brand-700 hover:underline">
                {t('activityFeed:events.mail_text')}
              </summary>
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-700">{text}</p>
            </details>
          ) : null}
        </>
      );
    }
    case 'appointment_scheduled':
    case 'appointment_changed':
    case 'appointment_cancelled': {
      const title = typeof data.title === 'string' ? data.title : '';
      const when =
        typeof data.start_at === 'string'
          ? formatDate(data.start_at, 'longdatetime', i18n.language, { timeZone })
          : '';
      return (
        <>
          {t(`activityFeed:events.${entry.kind}`, { title, when })}
          {data.source === 'booking' && entry.kind !== 'appointment_cancelled' ? (
            <span className="block text-xs text-slate-600">
              {t('activityFeed:events.appointment_booked')}
            </span>
          ) : null}
        </>
      );
    }
    default:
      return null;
  }
}
