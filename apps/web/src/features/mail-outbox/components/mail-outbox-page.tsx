import { useTranslation } from 'react-i18next';
import { MailX, RefreshCw } from 'lucide-react';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useMailOutbox } from '../api/get-mail-outbox.ts';
import { OutboxMailItem } from './outbox-mail-item.tsx';

/**
 * Development page: the company's latest e-mails as the server queued them. Without SMTP_URL nothing
 * leaves the machine, so this is where links sent to applicants (document requests…) can be followed.
 */
export function MailOutboxPage() {
  const { t } = useTranslation(['mail', 'common']);
  const outbox = useMailOutbox();
  const errorMessage = useApiErrorMessage();
  const refresh = (
    <Button variant="outline" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
      <RefreshCw aria-hidden="true" className="size-4" />
      {t('mail:outbox.refresh')}
    </Button>
  );
  let body;
  if (outbox.isPending) {
    body = <Spinner label={t('common:loading')} />;
  } else if (outbox.isError) {
    body = isApiError(outbox.error) && outbox.error.status === 404
      ? <EmptyState icon={MailX} title={t('mail:outbox.unavailable')} subtitle={t('mail:outbox.unavailable_hint')} className="min-h-80" />
      : <EmptyState icon={MailX} title={errorMessage(outbox.error)} className="min-h-80" />;
  } else if (outbox.data.length === 0) {
    body = <EmptyState icon={MailX} title={t('mail:outbox.empty')} subtitle={t('mail:outbox.empty_hint')} className="min-h-80" />;
  } else {
    body = (
      <ul aria-label={t('mail:outbox.list')} className="flex flex-col gap-2">
        {outbox.data.map((mail) => <OutboxMailItem key={mail.id} mail={mail} />)}
      </ul>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-6">
      <PageHeader title={t('mail:outbox.title')} subtitle={t('mail:outbox.subtitle')} actions={refresh} />
      {body}
    </div>
  );
}
