import type { ReactNode } from 'react';
import { AlertDialog as Primitive } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from './button.tsx';
import { Spinner } from './spinner.tsx';
import { cn } from '../../lib/cn.ts';

type AlertDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  loading?: boolean;
  /** Once the work is done and only "close" remains (a batch result). */
  hideCancel?: boolean;
  /** Called on confirm; the dialog stays open so the caller can close it once the work is done. */
  onConfirm: () => void;
};

/** Spec 2: not dismissed by a click outside, focus starts on cancel, optional loading overlay. */
export function AlertDialog(props: AlertDialogProps) {
  const { t } = useTranslation('common');
  const { open, onOpenChange, title, description, children, loading = false } = props;
  return (
    <Primitive.Root open={open} onOpenChange={onOpenChange}>
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Primitive.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-4 shadow-xl sm:p-6">
          <Primitive.Title className="text-lg font-semibold text-slate-900">{title}</Primitive.Title>
          {description ? (
            <Primitive.Description className="mt-2 text-sm text-slate-600">{description}</Primitive.Description>
          ) : null}
          {children ? <div className="mt-4">{children}</div> : null}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            {props.hideCancel ? null : (
              <Primitive.Cancel className={buttonVariants({ variant: 'outline' })} disabled={loading}>
                {props.cancelLabel ?? t('common:cancel')}
              </Primitive.Cancel>
            )}
            <button
              type="button"
              disabled={loading}
              onClick={props.onConfirm}
              className={cn(buttonVariants({ variant: props.destructive ? 'destructive' : 'default' }))}
            >
              {props.confirmLabel ?? t('common:confirm')}
            </button>
          </div>
          {loading ? (
            <div className="absolute inset-0 flex items-center justify-center rounded-xl bg-white/70">
              <Spinner />
            </div>
          ) : null}
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
