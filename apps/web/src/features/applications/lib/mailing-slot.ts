import type { ReactNode } from 'react';
import type { TApplicationItem } from '@embauche/contracts/applications';

/**
 * Renders the e-mail dialog for the chosen applications (each applicant written to about their
 * application, the offer's merge fields filled). The route composes it (the mailings area owns
 * the dialog) and only for holders of project_application.email; `onClose(true)` once a mailing
 * was created.
 */
export type MailingSlot = (
  applications: TApplicationItem[],
  onClose: (sent: boolean) => void,
) => ReactNode;
