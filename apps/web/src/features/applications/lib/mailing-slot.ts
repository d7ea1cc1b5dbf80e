import type { ReactNode } from 'react';
import type { TApplicationItem } from '@embauche/contracts/applications';
import type { RecipientSelectionTarget } from './recipient-selection.ts';

/**
 * Renders the e-mail dialog for the chosen applications (each applicant written to about their
 * application, the offer's merge fields filled). The route composes it (the mailings area owns
 * the dialog) and only for holders of project_application.email; `onClose(true)` once a mailing
 * was created. With `all` ("all that match", issue 42 part 2) the e-mail goes to the list's whole
 * filtered set instead (`applications` is then empty).
 */
export type MailingSlot = (
  applications: TApplicationItem[],
  onClose: (sent: boolean) => void,
  all?: RecipientSelectionTarget,
) => ReactNode;

/**
 * The refusal e-mail offered when applications are refused (issue 38): `field` renders the choice
 * of a refusal model (its value the model's id, or null for no e-mail) in the status dialog, and
 * `send` writes that model to the refused applications once the change is made (a mailing, after
 * `delaySeconds` when given: a single change's undo then `cancel`s it); it answers the mailing's
 * id and how many e-mails it holds. The route composes it for holders of
 * project_application.email.
 */
export type RefusalMailSlot = {
  field: (onChange: (modelId: number | null) => void) => ReactNode;
  send: (
    modelId: number,
    applicationIds: number[],
    delaySeconds?: number,
  ) => Promise<{ id: number; total: number }>;
  cancel: (mailingId: number) => Promise<void>;
};
