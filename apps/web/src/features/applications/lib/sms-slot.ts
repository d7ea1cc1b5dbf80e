import type { ReactNode } from 'react';
import type { TApplicationItem } from '@embauche/contracts/applications';
import type { RecipientSelectionTarget } from './recipient-selection.ts';

/**
 * Renders the mass SMS dialog for the chosen applications of the offer. The route composes it (the
 * SMS area owns the dialog) and only when the company has the SMS feature and the user
 * project_application.sms; `onClose(true)` once the texts are sent. With `all` ("all that match",
 * issue 42 part 2) the texts go to the list's whole filtered set instead (`applications` empty).
 */
export type SmsSlot = (applications: TApplicationItem[], onClose: (sent: boolean) => void, all?: RecipientSelectionTarget) => ReactNode;
