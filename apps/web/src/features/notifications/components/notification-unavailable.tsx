import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FileX, Lock } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useNotificationTarget } from '../api/get-notification-target.ts';

/**
 * Where a notification leads when what it is about can no longer be opened (issue 35): "you no
 * longer have access" with the company's administrators to ask, or "deleted"; never a bare "not
 * found". Still open: the notification's own page.
 */
export function NotificationUnavailable({ notificationId }: { notificationId: number }) {
  const { t } = useTranslation(['notifications', 'common']);
  const target = useNotificationTarget(notificationId);
  const state = target.data?.state;
  const kind = target.data?.kind ?? 'applicant';
  const title = state === 'gone' ? t(`notifications:unavailable.gone_title_${kind}`) : t(`notifications:unavailable.no_access_title_${kind}`);
  useDocumentTitle(target.data ? title : null);
  if (target.isPending) return <FullPageSpinner />;
  if (target.isError) return <EmptyState headingLevel="h1" title={t('notifications:unavailable.unknown')} />;
  const data = target.data;
  if (data.state === 'open' && data.route) return <Navigate to={data.route} replace />;
  return (
    <EmptyState
      headingLevel="h1"
      icon={data.state === 'gone' ? FileX : Lock}
      title={title}
      subtitle={
        data.state === 'gone'
          ? t(`notifications:unavailable.gone_text_${kind}`, { name: data.name ?? '' })
          : t(`notifications:unavailable.no_access_text_${kind}`, { name: data.name ?? '' })
      }
    >
      {data.state === 'no_access' ? (
        <div className="flex max-w-md flex-col items-center gap-2 text-sm text-slate-700">
          {data.contacts.length ? (
            <>
              <p>{t('notifications:unavailable.ask', { count: data.contacts.length })}</p>
              <ul className="flex flex-col gap-1">
                {data.contacts.map((contact) => (
                  <li key={contact.id} className="break-words">
                    <span className="font-medium text-slate-900">{`${contact.firstname} ${contact.lastname}`.trim()}</span>{' '}
                    <a href={`mailto:${contact.email}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
                      {contact.email}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t('notifications:unavailable.ask_admin')}</p>
          )}
        </div>
      ) : null}
      <Link to="/" className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
        {t('notifications:unavailable.home')}
      </Link>
    </EmptyState>
  );
}
