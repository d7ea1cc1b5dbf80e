import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Dialog as Primitive } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The sheet's accessible name, shown in its header. */
  title: ReactNode;
  side?: 'left' | 'right';
  children: ReactNode;
  className?: string;
  /** Where the focus goes once closed when what opened the sheet cannot take it (a keyboard shortcut). */
  fallbackFocus?: () => HTMLElement | null;
};

/**
 * A panel sliding over the page from one edge, above a backdrop (shadcn "sheet"): modal, it takes the
 * focus when opened, gives it back to what opened it when closed, and closes on Escape, on a click on
 * the backdrop or on its close button.
 */
export function Sheet({ open, onOpenChange, title, side = 'left', children, className, fallbackFocus }: SheetProps) {
  const { t } = useTranslation('common');
  // Radix only gives the focus back to its own Trigger; ours may live elsewhere (the header).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    } else if (open) {
      opener.current = null;
    }
  }, [open]);
  return (
    <Primitive.Root open={open} onOpenChange={onOpenChange}>
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Primitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            const target = opener.current?.isConnected ? opener.current : (fallbackFocus?.() ?? null);
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          className={cn(
            'fixed inset-y-0 z-50 flex w-72 max-w-[calc(100vw-3rem)] flex-col bg-white shadow-xl outline-none',
            side === 'left' ? 'left-0 border-r border-slate-200' : 'right-0 border-l border-slate-200',
            className,
          )}
        >
          <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-b border-slate-200 px-4">
            <Primitive.Title className="truncate text-base font-semibold text-slate-900">{title}</Primitive.Title>
            <Primitive.Close
              aria-label={t('common:close')}
              className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <X aria-hidden="true" className="size-4" />
            </Primitive.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
