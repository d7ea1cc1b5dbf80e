import type { ReactNode } from 'react';

/**
 * A configuration page's opening line and its actions. The line keeps a reading width: never
 * wider than 65 characters, never squeezed under 22rem beside the actions (they move under it
 * when the page is too narrow for both, as on a laptop beside the configuration menu).
 */
export function PageIntro({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
      <p className="min-w-0 max-w-prose flex-[1_1_22rem] text-sm text-slate-700">{children}</p>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
