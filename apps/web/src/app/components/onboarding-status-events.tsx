import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { STATUS_RECRUITED } from '@embauche/contracts/constants';
import {
  StatusEventsContext,
  type StatusChanged,
} from '../../features/applications/lib/status-events.ts';
import { useCan, useCurrentUser } from '../session/use-current-user.ts';

// The dialogs' code comes only once a change calls for them.
const StatusFollowUp = lazy(() =>
  import('../../features/onboarding/components/status-follow-up.tsx').then((m) => ({ default: m.StatusFollowUp })),
);

/** A selection's change to another status looks its applications' onboardings up only up to this size. */
const LOOKUP_MAX = 50;

/** Whether a change may call for an onboarding dialog (status 6 reached, or possibly left). */
function concernsOnboarding(event: StatusChanged): boolean {
  if (event.statusId === STATUS_RECRUITED) return true;
  if (event.previousStatusId === STATUS_RECRUITED) return true;
  return event.previousStatusId === null && event.applications.length <= LOOKUP_MAX;
}

/**
 * Issue 41, composed here because the applications and onboarding areas do not import each other:
 * for holders of onboarding.access, an application reaching status 6 (one, or a selection) offers
 * to start its onboarding; leaving status 6 asks whether to cancel the one under way.
 */
export function OnboardingStatusEvents({ children }: { children: ReactNode }) {
  const can = useCan();
  const me = useCurrentUser();
  const [event, setEvent] = useState<StatusChanged | null>(null);
  const listen = useCallback((changed: StatusChanged) => {
    if (concernsOnboarding(changed)) setEvent(changed);
  }, []);
  if (!can('onboarding.access')) return children;
  return (
    <StatusEventsContext.Provider value={listen}>
      {children}
      {event ? (
        <Suspense fallback={null}>
          <StatusFollowUp
            key={`${event.statusId}-${event.applications.map((a) => a.id).join(',')}`}
            applications={event.applications}
            statusId={event.statusId}
            previousStatusId={event.previousStatusId}
            me={{ id: me.id, name: `${me.firstname} ${me.lastname}` }}
            onClose={() => setEvent(null)}
          />
        </Suspense>
      ) : null}
    </StatusEventsContext.Provider>
  );
}
