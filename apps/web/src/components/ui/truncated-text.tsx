import { useLayoutEffect, useRef, useState } from 'react';
import { Tooltip as Primitive } from 'radix-ui';
import { cn } from '../../lib/cn.ts';

type Props = { text: string; className?: string };

/**
 * One line of text cut with an ellipsis when it does not fit, whose whole value shows in a tooltip
 * on hover and on keyboard focus: once cut, the line takes the focus (Tab reaches it). The text
 * itself stays whole in the page, as screen readers read it.
 */
export function TruncatedText({ text, className }: Props) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  const [open, setOpen] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setCut(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);
  return (
    <Primitive.Root open={cut && open} onOpenChange={setOpen}>
      <Primitive.Trigger asChild>
        {/* Focusable once cut, so that the keyboard reaches the whole value (the tooltip) as the pointer does. */}
        <span
          ref={ref}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={cut ? 0 : undefined}
          data-truncated={cut ? '' : undefined}
          className={cn('block truncate rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500', className)}
        >
          {text}
        </span>
      </Primitive.Trigger>
      <Primitive.Portal>
        <Primitive.Content
          side="top"
          align="start"
          sideOffset={4}
          className="z-50 max-w-[min(48rem,calc(100vw-1rem))] [overflow-wrap:anywhere] rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md"
        >
          {text}
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
