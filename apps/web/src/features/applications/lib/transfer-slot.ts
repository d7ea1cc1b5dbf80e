import type { ReactNode } from 'react';
import type { TApplicationItem } from '@embauche/contracts/applications';

/**
 * Renders the transfer-by-e-mail dialog for the chosen applications. The route composes it (the
 * shares area owns the dialog) and only for holders of project_application.transfer; `onClose(true)`
 * once the e-mails are queued.
 */
export type TransferSlot = (applications: TApplicationItem[], onClose: (sent: boolean) => void) => ReactNode;
