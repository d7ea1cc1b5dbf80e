import { ProcessEditorPage } from '../../features/onboarding/components/process-editor-page.tsx';
import { ProcessesPage } from '../../features/onboarding/components/processes-page.tsx';
import { StatusesPage } from '../../features/onboarding/components/statuses-page.tsx';

/** `/config/onboarding/process` (`config.onboarding`, guarded by config-routes.tsx). */
export function OnboardingProcessesRoute() {
  return <ProcessesPage />;
}

/** `/config/onboarding/process/new` and `/config/onboarding/process/{id}`. */
export function OnboardingProcessRoute() {
  return <ProcessEditorPage />;
}

/** `/config/onboarding/statuses`. */
export function OnboardingStatusesRoute() {
  return <StatusesPage />;
}
