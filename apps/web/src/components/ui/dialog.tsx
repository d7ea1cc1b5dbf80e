import type { ReactNode } from 'react';
import { Dialog as Primitive } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /**
   * Open with the focus on the dialog itself rather than its first focusable element: for a dialog
   * to read whose first focusable element is a frame (a preview), where a key pressed would go to
   * the frame's document and Escape would depend on how the browser routes it.
   */
  focusDialog?: boolean;
};

/** A titled modal form; unlike the alert dialog it closes on Escape, outside click or its close button. */
export function Dialog({ open, onOpenChange, title, description, children, className, focusDialog }: DialogProps) {
  const { t } = useTranslation('common');
  return (
    <Primitive.Root open={open} onOpenChange={onOpenChange}>
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Primitive.Content
          onOpenAutoFocus={
            focusDialog
              ? (event) => {
                  event.preventDefault();
                  (event.currentTarget as HTMLElement).focus();
                }
              : undefined
          }
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto overflow-x-hidden rounded-xl bg-white p-4 shadow-xl sm:p-6',
            className,
          )}
        >
          <Primitive.Title className="pr-8 text-lg font-semibold text-slate-900">{title}</Primitive.Title>
          {description ? (
            <Primitive.Description className="mt-1 text-sm text-slate-600">{description}</Primitive.Description>
          ) : (
            <Primitive.Description className="sr-only">{title}</Primitive.Description>
          )}
          <div className="mt-4">{children}</div>
          <Primitive.Close
            aria-label={t('common:close')}
            className="absolute right-4 top-4 rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden="true" className="size-4" />
          </Primitive.Close>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
