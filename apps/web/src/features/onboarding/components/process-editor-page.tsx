import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorStatus } from '../../../lib/api-error.ts';
import { useOnboardingProcess } from '../api/get-onboarding-process.ts';
import { ProcessEditor } from './process-editor.tsx';

function SavedProcess({ id }: { id: number }) {
  const { t } = useTranslation('onboarding');
  const process = useOnboardingProcess(id);
  if (process.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  if (process.isError)
    return (
      <p role="alert" className="p-4 text-sm text-red-700 sm:p-6">
        {errorStatus(process.error) === 404 ? t('onboarding:process.not_found') : t('onboarding:process.load_error')}
      </p>
    );
  return <ProcessEditor key={process.data.id} process={process.data} />;
}

/** Config pages `onboarding/process/new` and `onboarding/process/{id}`: the process editor. */
export function ProcessEditorPage() {
  const { t } = useTranslation('onboarding');
  const params = useParams();
  if (params.id === undefined) return <ProcessEditor />;
  if (!/^\d+$/.test(params.id))
    return (
      <p role="alert" className="p-4 text-sm text-red-700 sm:p-6">
        {t('onboarding:process.not_found')}
      </p>
    );
  return <SavedProcess id={Number(params.id)} />;
}
