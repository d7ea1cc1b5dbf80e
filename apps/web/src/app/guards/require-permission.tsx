import type { ReactNode } from 'react';
import type { TMe } from '@embauche/contracts/auth';
import { useCurrentUser } from '../session/use-current-user.ts';
import { ForbiddenState } from '../components/forbidden-state.tsx';

type Props = { allowed: (me: TMe) => boolean; children: ReactNode; headingLevel?: 'h1' | 'h2' };

/** A page the user may not see shows the translated "forbidden" empty state. */
export function RequirePermission({ allowed, children, headingLevel }: Props) {
  const me = useCurrentUser();
  return allowed(me) ? <>{children}</> : <ForbiddenState headingLevel={headingLevel} />;
}
