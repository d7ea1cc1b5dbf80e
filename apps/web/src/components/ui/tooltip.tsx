import type { ReactNode } from 'react';
import { Tooltip as Primitive } from 'radix-ui';

export function TooltipProvider({ children }: { children: ReactNode }) {
  return <Primitive.Provider delayDuration={700}>{children}</Primitive.Provider>;
}

type TooltipProps = {
  content: ReactNode;
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  disabled?: boolean;
};

/** Wraps a single focusable child; the tooltip repeats its name, it does not replace it. */
export function Tooltip({ content, children, side = 'right', disabled = false }: TooltipProps) {
  if (disabled) return <>{children}</>;
  return (
    <Primitive.Root>
      <Primitive.Trigger asChild>{children}</Primitive.Trigger>
      <Primitive.Portal>
        <Primitive.Content
          side={side}
          sideOffset={8}
          className="z-50 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md"
        >
          {content}
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
