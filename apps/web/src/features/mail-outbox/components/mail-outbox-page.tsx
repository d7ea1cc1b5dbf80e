import { MailX } from 'lucide-react';
import { DevOutboxPage, useDevOutboxTexts } from '../../../components/dev-outbox-page.tsx';
import { useMailOutbox } from '../api/get-mail-outbox.ts';
import { OutboxMailItem } from './outbox-mail-item.tsx';

/**
 * Development page: the company's latest e-mails as the server queued them. Without SMTP_URL nothing
 * leaves the machine, so this is where links sent to applicants (document requests…) can be followed.
 */
export function MailOutboxPage() {
  return (
    <DevOutboxPage query={useMailOutbox()} items={(mails) => mails} icon={MailX} texts={useDevOutboxTexts('mail')}>
      {(mails) => mails.map((mail) => <OutboxMailItem key={mail.id} mail={mail} />)}
    </DevOutboxPage>
  );
}
