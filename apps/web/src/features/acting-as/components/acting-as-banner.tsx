import { useTranslation } from 'react-i18next';
import type { TMe } from '@embauche/contracts/auth';
import { Button } from '../../../components/ui/button.tsx';
import { actingFamilyOf } from '../api/acting-as-keys.ts';
import { useResetActing } from '../api/reset-acting.ts';

/** The banner shown while acting as someone (issue 16 item 3): who really is there, as whom. */
export function ActingAsBanner({ me }: { me: TMe }) {
  const { t } = useTranslation('actingAs');
  const acting = me.acting_as;
  const family = actingFamilyOf(me) ?? 'superadmin';
  const reset = useResetActing(family);
  if (!acting) return null;
  const real = `${acting.real_user.firstname} ${acting.real_user.lastname}`;
  const company = acting.company.social_reason;
  const text = acting.user
    ? t('actingAs:banner.user', { real, company, user: `${acting.user.firstname} ${acting.user.lastname}` })
    : acting.role
      ? t('actingAs:banner.role', { real, company, role: acting.role.name })
      : t('actingAs:banner.company', { real, company });
  return (
    <div
      role="region"
      aria-label={t('actingAs:title')}
      className="flex flex-wrap items-center justify-between gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950"
    >
      <p className="min-w-0 break-words">{text}</p>
      <Button variant="outline" size="sm" disabled={reset.isPending} onClick={() => reset.mutate('reset')}>
        {t('actingAs:reset')}
      </Button>
    </div>
  );
}
