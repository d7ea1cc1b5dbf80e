import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TOnboardingBulkResult } from '@embauche/contracts/onboarding';
import { Button } from '../../../components/ui/button.tsx';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useOnboardingProcesses } from '../api/get-onboarding-processes.ts';
import type { OnboardingUser } from '../api/search-onboarding-users.ts';
import { useStartOnboarding } from '../api/start-onboarding.ts';
import { useStartOnboardings } from '../api/start-onboardings.ts';
import { todayIso } from '../lib/labels.ts';
import { UserPicker } from './user-picker.tsx';

export type RecruitedApplication = { id: number; name: string | null };

type Props = {
  applications: RecruitedApplication[];
  /** The signed-in user: the manager until another is chosen. */
  me: OnboardingUser;
  onClose: () => void;
};

/**
 * Offered when applications reach status 6 (recruited): start their onboarding with a process, a
 * start date and a manager (one application: the first day's contact and address too). "Not now"
 * closes it; the onboarding can be started later from the same change.
 */
export function StartOnboardingDialog({ applications, me, onClose }: Props) {
  const { t } = useTranslation(['onboarding', 'errors']);
  const id = useId();
  const processes = useOnboardingProcesses();
  const single = useStartOnboarding();
  const bulk = useStartOnboardings();
  const errorMessage = useApiErrorMessage();
  const active = (processes.data ?? []).filter((p) => p.active);
  const [processId, setProcessId] = useState<number | null>(null);
  const [startDate, setStartDate] = useState<string | null>(todayIso());
  const [manager, setManager] = useState<OnboardingUser | null>(me);
  const [contact, setContact] = useState('');
  const [address, setAddress] = useState('');
  const [tried, setTried] = useState(false);
  const [result, setResult] = useState<TOnboardingBulkResult | null>(null);
  const chosenProcess = processId ?? active[0]?.id ?? null;
  const one = applications.length === 1 ? applications[0]! : null;
  const pending = single.isPending || bulk.isPending;

  const submit = async () => {
    setTried(true);
    if (!chosenProcess || !startDate || !manager) return;
    try {
      if (one) {
        await single.mutateAsync({
          application_id: one.id,
          process_id: chosenProcess,
          start_date: startDate,
          manager_id: manager.id,
          first_day_contact: contact.trim() || null,
          address: address.trim() || null,
        });
        toast.success(t('onboarding:start.started', { name: one.name ?? t('onboarding:start.the_applicant') }));
        onClose();
      } else {
        setResult(
          await bulk.mutateAsync({
            application_ids: applications.map((a) => a.id),
            process_id: chosenProcess,
            start_date: startDate,
            manager_id: manager.id,
          }),
        );
      }
    } catch (error) {
      toast.error(isApiError(error) && error.code ? translateErrorCode(t, error.code) : errorMessage(error));
    }
  };

  const title = one?.name
    ? t('onboarding:start.title_one', { name: one.name })
    : t('onboarding:start.title_many', { count: applications.length });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={title} description={t('onboarding:start.description')}>
      {result ? (
        <div role="status" className="flex flex-col gap-3 text-sm">
          <p className="text-emerald-800">{t('onboarding:start.created', { count: result.created })}</p>
          {result.skipped.length ? (
            <ul className="list-disc pl-5 text-slate-700">
              {[...new Set(result.skipped.map((s) => s.reason))].map((reason) => (
                <li key={reason}>
                  {t(`onboarding:start.skipped.${reason}`, { count: result.skipped.filter((s) => s.reason === reason).length })}
                </li>
              ))}
            </ul>
          ) : null}
          <Button className="self-end" onClick={onClose}>
            {t('onboarding:close')}
          </Button>
        </div>
      ) : processes.isSuccess && active.length === 0 ? (
        <div className="flex flex-col gap-3 text-sm">
          <p>{t('onboarding:start.no_process')}</p>
          <Button variant="outline" className="self-end" onClick={onClose}>
            {t('onboarding:close')}
          </Button>
        </div>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor={`${id}-process`} className="text-sm font-medium text-slate-800">
              {t('onboarding:start.process')}
              <span aria-hidden="true" className="ml-0.5 text-red-600">
                *
              </span>
            </label>
            <Select
              id={`${id}-process`}
              aria-required
              aria-invalid={(tried && !chosenProcess) || undefined}
              value={chosenProcess ?? ''}
              onChange={(e) => setProcessId(e.target.value ? Number(e.target.value) : null)}
            >
              {active.map((p) => (
                <option key={p.id} value={p.id}>
                  {t('onboarding:start.process_option', { name: p.name, count: p.steps.length })}
                </option>
              ))}
            </Select>
            {processes.isError ? <p className="text-sm text-red-700">{t('onboarding:start.processes_error')}</p> : null}
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor={`${id}-start`} className="text-sm font-medium text-slate-800">
              {t('onboarding:start.start_date')}
              <span aria-hidden="true" className="ml-0.5 text-red-600">
                *
              </span>
            </label>
            <DatePicker
              id={`${id}-start`}
              label={t('onboarding:start.start_date')}
              aria-required
              aria-invalid={tried && !startDate}
              value={startDate}
              onChange={setStartDate}
            />
          </div>
          <UserPicker label={t('onboarding:start.manager')} required invalid={tried && !manager} value={manager?.id ?? null} current={manager} onChange={setManager} />
          {one ? (
            <>
              <div className="flex min-w-0 flex-col gap-1.5">
                <label htmlFor={`${id}-contact`} className="text-sm font-medium text-slate-800">
                  {t('onboarding:start.first_day_contact')}
                </label>
                <Input id={`${id}-contact`} maxLength={500} value={contact} onChange={(e) => setContact(e.target.value)} />
              </div>
              <div className="flex min-w-0 flex-col gap-1.5">
                <label htmlFor={`${id}-address`} className="text-sm font-medium text-slate-800">
                  {t('onboarding:start.address')}
                </label>
                <Input id={`${id}-address`} maxLength={500} value={address} onChange={(e) => setAddress(e.target.value)} />
              </div>
            </>
          ) : null}
          {tried && (!chosenProcess || !startDate || !manager) ? (
            <p role="alert" className="text-sm text-red-700">
              {t('onboarding:start.missing')}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('onboarding:start.not_now')}
            </Button>
            <Button type="submit" disabled={pending}>
              {t('onboarding:start.confirm')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
