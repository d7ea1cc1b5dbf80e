import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn.ts';

type AvatarProps = { src?: string | null; name: string; className?: string };

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** Decorative picture of a person; the control around it carries the accessible name. */
export function Avatar({ src, name, className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100',
        className,
      )}
    >
      {src ? <AvatarPrimitive.Image src={src} alt="" className="size-full object-cover" /> : null}
      {/* Initials drawn by CSS, so that they never add to the accessible name of the control around. */}
      <AvatarPrimitive.Fallback
        aria-hidden="true"
        data-initials={initials(name)}
        className="text-xs font-semibold text-brand-800 after:content-[attr(data-initials)]"
      />
    </AvatarPrimitive.Root>
  );
}
