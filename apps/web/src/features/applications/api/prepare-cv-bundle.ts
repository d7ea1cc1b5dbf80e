import { useMutation } from '@tanstack/react-query';
import type { TCvBundleOperation } from '@embauche/contracts/applicants';
import type { TRecipientSelectionInput } from '@embauche/contracts/application-selection';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST /applicants/offer_cv {selection, type: 'zip'}` for more than CV_BUNDLE_MAX applications:
 * the server answers 202 with a queued operation whose job builds one ZIP (followed with
 * `useCvBundle`); 409 `selection_changed` (the current count in `errors.count[0]`) as for the
 * download itself.
 */
export function prepareCvBundle(selection: TRecipientSelectionInput): Promise<TCvBundleOperation> {
  return api.post<TCvBundleOperation>('/applicants/offer_cv', { selection, type: 'zip' });
}

export function usePrepareCvBundle() {
  return useMutation({ mutationFn: prepareCvBundle });
}
