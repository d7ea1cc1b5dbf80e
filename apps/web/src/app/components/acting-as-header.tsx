import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../session/use-current-user.ts';

// Loaded only for super and partner administrators, or while acting: never in other bundles.
const ActingAsSwitcher = lazy(() =>
  import('../../features/acting-as/components/acting-as-switcher.tsx').then((m) => ({ default: m.ActingAsSwitcher })),
);
const ActingAsBanner = lazy(() =>
  import('../../features/acting-as/components/acting-as-banner.tsx').then((m) => ({ default: m.ActingAsBanner })),
);

/** The header's admin switcher (spec 2), for the real person's super or partner administration. */
export function HeaderActingAsSwitcher() {
  const me = useCurrentUser();
  if (!me.super_admin && !me.partner_admin) return null;
  return (
    <Suspense fallback={<span className="size-9" />}>
      <ActingAsSwitcher me={me} />
    </Suspense>
  );
}

/** The banner under the header while acting as another company, role or user. */
export function ActingAsBannerSlot() {
  const me = useCurrentUser();
  if (!me.acting_as) return null;
  return (
    <Suspense fallback={null}>
      <ActingAsBanner me={me} />
    </Suspense>
  );
}
