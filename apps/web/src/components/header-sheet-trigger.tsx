import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import type { LucideProps } from 'lucide-react';

type Props = {
  /** The button's accessible name (the badge is hidden from screen readers: say the count here). */
  label: string;
  icon: ComponentType<LucideProps>;
  /** A short text on a red badge (a count), or nothing. */
  badge?: string | null;
  badgeTestId?: string;
  /** Starts loading the sheet's code and first data, on hover or focus of the button. */
  prefetch: () => void;
  /** The sheet, rendered from its first opening on (its code is usually lazy) and kept. */
  sheet: (open: boolean, onOpenChange: (open: boolean) => void) => ReactNode;
  /** Controlled from outside (e.g. opened on arrival); the button keeps it uncontrolled otherwise. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/** A round header button that opens a side sheet (SMS conversations, recruitment lists…). */
export function HeaderSheetTrigger({ label, icon: Icon, badge, badgeTestId, prefetch, sheet, ...controlled }: Props) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlled.open ?? ownOpen;
  // The sheet's code and state stay once it has been opened (by the button or from outside).
  const [wasOpened, setOpened] = useState(false);
  const opened = wasOpened || open;
  const setOpen = (next: boolean) => {
    setOpened(true);
    (controlled.onOpenChange ?? setOwnOpen)(next);
  };
  return (
    <>
      <button
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => setOpen(true)}
        className="relative inline-flex size-9 items-center justify-center rounded-full text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <Icon aria-hidden="true" className="size-5" />
        {badge ? (
          <span
            aria-hidden="true"
            data-testid={badgeTestId}
            className="absolute -right-0.5 -top-0.5 min-w-[1.125rem] rounded-full bg-red-700 px-1 text-center text-[0.6875rem] font-semibold leading-[1.125rem] text-white"
          >
            {badge}
          </span>
        ) : null}
      </button>
      {opened ? <Suspense fallback={null}>{sheet(open, setOpen)}</Suspense> : null}
    </>
  );
}
