import { useState } from 'react';
import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Sheet } from '../../../components/ui/sheet.tsx';
import { SmsConversationPane, type SmsPaneTarget } from './sms-conversation-pane.tsx';

type SheetProps = SmsPaneTarget & { open: boolean; onOpenChange: (open: boolean) => void };

/** The conversation with one applicant about one application, in a side sheet (the applicant screen's "SMS"). */
export function SmsConversationSheet({ open, onOpenChange, ...target }: SheetProps) {
  const { t } = useTranslation('sms');
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('sms:conversation.title', { name: target.name })} side="right" className="w-[min(32rem,100vw)] max-w-full">
      <div className="flex h-full min-h-0">
        <SmsConversationPane key={`${target.applicantId}:${target.applicationId ?? 0}`} {...target} headingLevel="h3" />
      </div>
    </Sheet>
  );
}

/**
 * A button opening the SMS conversation with the applicant about `applicationId` (spec 2): for the
 * applicant screen, shown by the app to users with the SMS feature and project_application.sms.
 */
export function SmsConversationButton(target: SmsPaneTarget) {
  const { t } = useTranslation('sms');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} aria-haspopup="dialog" aria-label={t('sms:conversation.open_label', { name: target.name })}>
        <MessageSquare aria-hidden="true" />
        {t('sms:conversation.open')}
      </Button>
      <SmsConversationSheet open={open} onOpenChange={setOpen} {...target} />
    </>
  );
}
