import { lazy, Suspense } from 'react';
import type { MailingRecipient } from '../../features/mailings/lib/mailing-recipients.ts';
import type { MailingSelection } from '../../features/mailings/components/mailing-dialog.tsx';
import { canUser, useCurrentUser } from '../session/use-current-user.ts';

// The dialog (its form, preview, progress and the date picker) loads when it first opens, through
// a small module that names its chunks (load-mailing-dialog.ts): the offer, applicant and list
// screens carry only their entry points.
const MailingDialog = lazy(() =>
  import('../../features/mailings/components/load-mailing-dialog.ts').then((m) =>
    m.loadMailingDialog(),
  ),
);

type Props = {
  recipients: MailingRecipient[];
  /** "All that match" (issue 42 part 2): the list's whole filtered set instead of `recipients`. */
  selection?: MailingSelection | undefined;
  onClose: (sent: boolean) => void;
  onFinished?: () => void;
};

/** The e-mail dialog, loaded on demand. */
export function LazyMailingDialog({ recipients, selection, onClose, onFinished }: Props) {
  return (
    // The dialog's code and its multicast and mail namespaces arrive together: only the dialog waits.
    <Suspense fallback={null}>
      <MailingDialog
        recipients={recipients}
        selection={selection}
        onClose={onClose}
        onFinished={onFinished}
      />
    </Suspense>
  );
}

/** Writing to candidates needs project_application.email (the server's guard on every mailing route). */
export function useCanMail(): boolean {
  return canUser(useCurrentUser(), 'project_application.email');
}
