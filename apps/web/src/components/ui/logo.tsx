import type { SVGProps } from 'react';

/** The Embauche mark: an "E" in a rounded brand square. Decorative; the link around it is named. */
export function Logo(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" {...props}>
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path d="M10 9h12v3h-8.5v2.5H21v3h-7.5V20H22v3H10z" fill="#fff" />
    </svg>
  );
}
