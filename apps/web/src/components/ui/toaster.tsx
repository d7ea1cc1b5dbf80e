import { Toaster as Sonner } from 'sonner';

/** Spec 2/9: bottom-right, 3 s, close button, 3 visible, stacked. */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      duration={3000}
      visibleToasts={3}
      closeButton
      richColors
      expand={false}
    />
  );
}
