import { MessageSquareOff } from 'lucide-react';
import { DevOutboxPage, useDevOutboxTexts } from '../../../components/dev-outbox-page.tsx';
import { useSmsOutbox } from '../api/get-sms-outbox.ts';
import { SmsOutboxItem } from './sms-outbox-item.tsx';

/**
 * Development page (`SMS_PROVIDER=outbox`): the texts the company "sent", newest first, each with
 * what a real provider would report: the delivery receipt (received, or failed with a reason) and
 * the applicant's reply, so the whole SMS loop works on a fresh clone.
 */
export function SmsOutboxPage() {
  return (
    <DevOutboxPage query={useSmsOutbox()} items={(page) => page.data} icon={MessageSquareOff} texts={useDevOutboxTexts('sms')}>
      {(page) => page.data.map((item) => <SmsOutboxItem key={item.id} item={item} />)}
    </DevOutboxPage>
  );
}
