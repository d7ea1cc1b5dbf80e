import { useTranslation } from 'react-i18next';
import type { TOutboxMail } from '@embauche/contracts/mail';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { LinkifiedText } from './linkified-text.tsx';

function MailState({ mail }: { mail: TOutboxMail }) {
  const { t } = useTranslation('mail');
  if (mail.error) return <Badge tone="danger">{t('mail:outbox.state.failed')}</Badge>;
  if (!mail.sent_at) return <Badge tone="warning">{t('mail:outbox.state.queued')}</Badge>;
  if (mail.transport === 'smtp') return <Badge tone="success">{t('mail:outbox.state.sent')}</Badge>;
  return <Badge tone="info">{t('mail:outbox.state.kept')}</Badge>;
}

/** One e-mail: a summary line that opens onto its text, links clickable. */
export function OutboxMailItem({ mail }: { mail: TOutboxMail }) {
  const { t, i18n } = useTranslation('mail');
  return (
    <li className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <details className="group">
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-4 gap-y-1 rounded-lg px-4 py-3 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
          <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{mail.subject}</span>
          <span className="text-sm text-slate-700">{t('mail:outbox.to', { to: mail.to })}</span>
          <time dateTime={mail.created_at} className="text-sm text-slate-600">
            {formatDate(mail.created_at, 'datetime', i18n.language)}
          </time>
          <MailState mail={mail} />
        </summary>
        <div className="border-t border-slate-200 px-4 py-3">
          {mail.error ? <p className="mb-2 text-sm text-red-800">{t('mail:outbox.error', { error: mail.error })}</p> : null}
          <p className="whitespace-pre-wrap break-words text-sm text-slate-800">
            <LinkifiedText text={mail.text} />
          </p>
        </div>
      </details>
    </li>
  );
}
