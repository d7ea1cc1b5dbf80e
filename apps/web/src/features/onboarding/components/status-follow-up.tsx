import { STATUS_RECRUITED } from '@embauche/contracts/constants';
import type { OnboardingUser } from '../api/search-onboarding-users.ts';
import { CancelOnboardingsPrompt } from './cancel-onboardings-prompt.tsx';
import { StartOnboardingDialog, type RecruitedApplication } from './start-onboarding-dialog.tsx';

type Props = {
  applications: RecruitedApplication[];
  statusId: number;
  /** The status left by a single change; null for a selection (unknown: each is looked up). */
  previousStatusId: number | null;
  me: OnboardingUser;
  onClose: () => void;
};

/** What follows a status change (issue 41): reaching status 6 offers to start an onboarding, leaving it asks whether to cancel one. */
export function StatusFollowUp({ applications, statusId, previousStatusId, me, onClose }: Props) {
  if (statusId === STATUS_RECRUITED) return <StartOnboardingDialog applications={applications} me={me} onClose={onClose} />;
  if (previousStatusId === STATUS_RECRUITED || previousStatusId === null)
    return <CancelOnboardingsPrompt applications={applications} onClose={onClose} />;
  return null;
}
