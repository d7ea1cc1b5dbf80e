import { useContext, useEffect, useState } from 'react';
import { UNSAFE_DataRouterContext, UNSAFE_NavigationContext, useBlocker } from 'react-router';
import { AlertDialog } from './ui/alert-dialog.tsx';

type GuardTexts = { title: string; description: string; confirmLabel: string; cancelLabel: string };
type GuardProps = GuardTexts & { when: boolean };

function GuardDialog({ open, onProceed, onStay, ...texts }: GuardTexts & { open: boolean; onProceed: () => void; onStay: () => void }) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onStay())}
      title={texts.title}
      description={texts.description}
      confirmLabel={texts.confirmLabel}
      cancelLabel={texts.cancelLabel}
      destructive
      onConfirm={onProceed}
    />
  );
}

/** Under a data router: react-router's own blocker. */
function DataRouterGuard({ when, ...texts }: GuardProps) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  return <GuardDialog {...texts} open={blocker.state === 'blocked'} onProceed={() => blocker.proceed?.()} onStay={() => blocker.reset?.()} />;
}

type PushingNavigator = { push: (...args: unknown[]) => void; replace: (...args: unknown[]) => void };

/**
 * Under <BrowserRouter> (the app's router, which `useBlocker` does not support): the router's
 * history object is what every <Link> and `navigate()` calls, so while `when` holds its push and
 * replace are held back until the person confirms.
 */
function HistoryGuard({ when, ...texts }: GuardProps) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [pending, setPending] = useState<(() => void) | null>(null);
  useEffect(() => {
    if (!when) return;
    const nav = navigator as unknown as PushingNavigator;
    const { push, replace } = nav;
    // Holding the router's own history object back is the point here, and it is restored on cleanup.
    const patch = (methods: PushingNavigator) => Object.assign(nav, methods);
    patch({
      push: (...args) => setPending(() => () => push.apply(nav, args)),
      replace: (...args) => setPending(() => () => replace.apply(nav, args)),
    });
    return () => void patch({ push, replace });
  }, [when, navigator]);
  return (
    <GuardDialog
      {...texts}
      open={pending !== null}
      onProceed={() => {
        const go = pending;
        setPending(null);
        go?.();
      }}
      onStay={() => setPending(null)}
    />
  );
}

/**
 * Asks before leaving a page with unsaved changes: a navigation inside the app opens a
 * confirmation; closing or reloading the tab opens the browser's own (beforeunload).
 */
export function UnsavedChangesGuard(props: GuardProps) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const { when } = props;
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return dataRouter ? <DataRouterGuard {...props} /> : <HistoryGuard {...props} />;
}
