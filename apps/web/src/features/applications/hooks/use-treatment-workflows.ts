import type { TApplicationItem, TStatus } from '@embauche/contracts/applications';
import { commonStatuses } from '../../../lib/pipeline/common-statuses.ts';
import { useOfferStatuses } from '../../../lib/pipeline/get-offer-statuses.ts';
import { useSpontaneousStatuses } from '../../../lib/pipeline/get-spontaneous-statuses.ts';

const NONE: TStatus[] = [];

/**
 * The treatment lists' status pickers follow each application's workflow: its offer's (one call
 * for the page's and the selection's offers), the default one for spontaneous applications. A bulk
 * change offers the statuses common to the selection's workflows; the server still refuses, one by
 * one with `invalid_status`, a status outside an application's workflow.
 */
export function useTreatmentWorkflows(kind: 'applications' | 'spontaneous', rows: TApplicationItem[], selected: TApplicationItem[]) {
  const offerIds = kind === 'applications' ? [...rows, ...selected].flatMap((a) => (a.offer_id === null ? [] : [a.offer_id])) : [];
  const offers = useOfferStatuses(offerIds);
  const spontaneous = useSpontaneousStatuses(kind === 'spontaneous');
  const statusesOf = (application: TApplicationItem) =>
    application.offer_id === null ? (spontaneous.data ?? NONE) : (offers.data?.get(application.offer_id) ?? NONE);
  // One list per distinct workflow of the selection (offers sharing a workflow give the same ids).
  const lists = new Map<string, TStatus[]>();
  for (const application of selected) {
    const list = statusesOf(application);
    lists.set(list.map((s) => s.id).join(','), list);
  }
  return {
    statusesOf,
    /** The statuses a bulk change of the selection may offer. */
    common: commonStatuses([...lists.values()]),
    /** The selection spans workflows that differ. */
    mixed: lists.size > 1,
    loading: offers.isLoading || spontaneous.isLoading,
  };
}
