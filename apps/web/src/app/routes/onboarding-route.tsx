import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { useCan } from '../session/use-current-user.ts';
import { NotFoundRoute } from './not-found-route.tsx';

// The screens' code comes through this small module (the sign-in page's budget).
const OnboardingsPage = lazy(() =>
  import('../../features/onboarding/components/onboardings-page.tsx').then((m) => ({ default: m.OnboardingsPage })),
);
const OnboardingPage = lazy(() =>
  import('../../features/onboarding/components/onboarding-page.tsx').then((m) => ({ default: m.OnboardingPage })),
);
const MyTasksPage = lazy(() =>
  import('../../features/onboarding/components/my-tasks-page.tsx').then((m) => ({ default: m.MyTasksPage })),
);

/** `/onboarding` (guarded with `onboarding.access`): the new hires, as a list or a board. */
export function OnboardingsRoute() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <OnboardingsPage />
    </Suspense>
  );
}

/**
 * `/onboarding/{id}`, for any signed-in user: with onboarding.access the whole onboarding; a task
 * owner without it gets the server's limited view (their own tasks); anyone else the API's 404.
 */
export function OnboardingRoute() {
  const can = useCan();
  const raw = useParams().id;
  if (!raw || !/^[1-9]\d*$/.test(raw)) return <NotFoundRoute />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <OnboardingPage key={raw} id={Number(raw)} canManage={can('onboarding.access')} />
    </Suspense>
  );
}

/** `/onboarding/my-tasks`, for any signed-in user: the onboarding tasks they own. */
export function MyOnboardingTasksRoute() {
  const can = useCan();
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <MyTasksPage canManage={can('onboarding.access')} />
    </Suspense>
  );
}
