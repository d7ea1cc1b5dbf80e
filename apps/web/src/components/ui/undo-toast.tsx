import { useEffect, useState, type CSSProperties } from 'react';
import { CircleCheck, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast, Toaster as Sonner } from 'sonner';
import { useSidebar } from './sidebar-context.ts';

/** The toaster of the toasts that offer to undo (its own place: they must not hide the page). */
export const UNDO_TOASTER = 'undo';
/** Spec 9: toasts close after 3 s; this one waits while it is hovered or holds the focus. */
export const UNDO_TOAST_MS = 3_000;

type UndoToastOptions = {
  /** What just happened ("Marie Dupont is now “Interview”."). */
  message: string;
  /** The undo button's text. */
  undoLabel: string;
  onUndo: () => void;
};

/**
 * Shows a success toast with an undo button in the undo toaster (UndoToaster): it closes after
 * UNDO_TOAST_MS unless the pointer is on it or the focus in it (the time starts again when they
 * leave), on its close button, or once undone.
 */
export function showUndoToast({ message, undoLabel, onUndo }: UndoToastOptions): void {
  toast.custom(
    (id) => <UndoToast id={id} message={message} undoLabel={undoLabel} onUndo={onUndo} />,
    {
      toasterId: UNDO_TOASTER,
      // The toast keeps its own time (below): sonner's pauses on hover only, not on focus.
      duration: Infinity,
    },
  );
}

function UndoToast({ id, message, undoLabel, onUndo }: UndoToastOptions & { id: string | number }) {
  const { t } = useTranslation('common');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => toast.dismiss(id), UNDO_TOAST_MS);
    return () => clearTimeout(timer);
  }, [held, id]);
  return (
    <div
      data-undo-toast=""
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      // One row over the header (two lines of text at most); in the narrow sidebar the buttons go
      // under the text (three lines at most), which then keeps its width.
      className="flex w-[var(--width)] max-w-full flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-green-200 bg-green-50 py-1.5 pl-2.5 pr-1.5 text-xs text-green-950 shadow-md"
    >
      <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-green-800" />
      <p className="line-clamp-2 min-w-0 flex-1 leading-4 in-data-[x-position=left]:line-clamp-3 in-data-[x-position=left]:basis-[calc(100%-1.5rem)]">
        {message}
      </p>
      <div className="ml-auto flex shrink-0 items-center gap-1">
        <button
          type="button"
          onClick={() => {
            toast.dismiss(id);
            onUndo();
          }}
          className="shrink-0 rounded-md bg-green-900 px-2 py-1 font-medium text-white hover:bg-green-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1"
        >
          {undoLabel}
        </button>
        <button
          type="button"
          aria-label={t('common:close')}
          onClick={() => toast.dismiss(id)}
          className="shrink-0 rounded-md p-1 text-green-900 hover:bg-green-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <X aria-hidden="true" className="size-3.5" />
        </button>
      </div>
    </div>
  );
}

/** Inside the sidebar's width (16rem) less its margins. */
const IN_SIDEBAR = { '--width': '14.5rem' } as CSSProperties;
/** Over the header: as wide as its free middle on a laptop, the screen's width on a phone. */
const OVER_HEADER = { '--width': '26rem' } as CSSProperties;

/**
 * Where the undo toasts go, so that they cover none of the page (the CV, a board's last cards):
 * with the sidebar open (768 px and up), in its empty lower part, as wide as it; otherwise (a
 * phone, a folded sidebar) over the 3.5rem header, two lines at most.
 */
export function UndoToaster() {
  const { open, isMobile } = useSidebar();
  const inSidebar = open && !isMobile;
  return inSidebar ? (
    <Sonner
      id={UNDO_TOASTER}
      position="bottom-left"
      offset={{ left: '0.75rem', bottom: '1rem' }}
      visibleToasts={3}
      style={IN_SIDEBAR}
    />
  ) : (
    <Sonner
      id={UNDO_TOASTER}
      position="top-center"
      offset={{ top: '0.25rem' }}
      mobileOffset={{ top: '0.25rem', left: '0.5rem', right: '0.5rem' }}
      visibleToasts={3}
      style={OVER_HEADER}
    />
  );
}
