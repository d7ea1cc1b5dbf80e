import type { MouseEvent } from 'react';
import { Toaster as Sonner } from 'sonner';

/** A click anywhere on a toast closes it, as its close button does (spec 2 "Other"). */
function closeClickedToast(event: MouseEvent<HTMLDivElement>) {
  const target = event.target as HTMLElement;
  if (target.closest('button, a')) return;
  const toast = target.closest('[data-sonner-toast]');
  toast?.querySelector<HTMLButtonElement>('[data-close-button]')?.click();
}

/** Spec 2/9: bottom-right, 3 s, close button or click, 3 visible, stacked. */
export function Toaster() {
  return (
    // The toasts stay keyboard-closable through their close button; the click is a shortcut.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div onClick={closeClickedToast}>
      <Sonner position="bottom-right" duration={3000} visibleToasts={3} closeButton richColors expand={false} />
    </div>
  );
}
