import type { ReactNode } from 'react';
import type { TApplicationItem } from '@embauche/contracts/applications';

/**
 * Renders the mass SMS dialog for the chosen applications of the offer. The route composes it (the
 * SMS area owns the dialog) and only when the company has the SMS feature and the user
 * project_application.sms; `onClose(true)` once the texts are sent.
 */
export type SmsSlot = (applications: TApplicationItem[], onClose: (sent: boolean) => void) => ReactNode;
