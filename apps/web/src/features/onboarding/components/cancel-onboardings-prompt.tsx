import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useCancelOnboarding } from '../api/cancel-onboarding.ts';
import { applicationsOnboardingsQueryOptions } from '../api/get-application-onboarding.ts';
import type { RecruitedApplication } from './start-onboarding-dialog.tsx';

/** Applications a selection's change looks up (one call each); beyond, their onboardings are left to the list. */
export const CANCEL_LOOKUP_MAX = 50;

/**
 * Asked when applications leave status 6: those with an onboarding under way are named, and
 * "Cancel the onboarding" cancels them; "Keep it" leaves them. Nothing shows when none has one.
 */
export function CancelOnboardingsPrompt({
  applications,
  onClose,
}: {
  applications: RecruitedApplication[];
  onClose: () => void;
}) {
  const { t } = useTranslation('onboarding');
  const errorMessage = useApiErrorMessage();
  const cancel = useCancelOnboarding();
  const looked = useQuery(
    applicationsOnboardingsQueryOptions(applications.slice(0, CANCEL_LOOKUP_MAX).map((a) => a.id)),
  );
  if (looked.isPending) return null;
  const open = applications
    .slice(0, CANCEL_LOOKUP_MAX)
    .map((a, index) => ({ application: a, onboarding: looked.data?.[index]?.onboarding ?? null }))
    .filter((row) => row.onboarding !== null && row.onboarding.status.system_key !== 'cancelled');
  if (open.length === 0) {
    // Nothing to ask: let the parent forget the change.
    queueMicrotask(onClose);
    return null;
  }
  const first = open[0]!;
  return (
    <AlertDialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={
        open.length === 1
          ? t('onboarding:cancel_prompt.title_one', {
              name: first.application.name ?? t('onboarding:start.the_applicant'),
            })
          : t('onboarding:cancel_prompt.title_many', { count: open.length })
      }
      description={t('onboarding:cancel_prompt.description', { count: open.length })}
      confirmLabel={t('onboarding:cancel_prompt.confirm', { count: open.length })}
      cancelLabel={t('onboarding:cancel_prompt.keep', { count: open.length })}
      destructive
      loading={cancel.isPending}
      onConfirm={() =>
        void Promise.all(open.map((row) => cancel.mutateAsync(row.onboarding!.id)))
          .then(() => toast.success(t('onboarding:cancel_prompt.done', { count: open.length })))
          .catch((error: unknown) => toast.error(errorMessage(error)))
          .finally(onClose)
      }
    />
  );
}
