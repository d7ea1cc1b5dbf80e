import { useTranslation } from 'react-i18next';
import { Globe, LifeBuoy } from 'lucide-react';
import { CONTACT_SCHEMES, isSafeLink } from '@embauche/contracts/links';
import { buttonVariants } from '../../components/ui/button.tsx';
import { useCurrentUser } from '../session/use-current-user.ts';

const linkClass = buttonVariants({ variant: 'ghost', size: 'sm' });

/** External links open in a new tab; the support link only exists when the user has a support URL. */
export function HeaderLinks() {
  const { t } = useTranslation('common');
  const me = useCurrentUser();
  return (
    <>
      {isSafeLink(me.support_url, CONTACT_SCHEMES) ? (
        <a href={me.support_url} target="_blank" rel="noopener noreferrer" className={linkClass}>
          <LifeBuoy aria-hidden="true" />
          <span className="max-lg:sr-only">{t('common:header.support')}</span>
        </a>
      ) : null}
      {isSafeLink(me.career_site_url) || /^\/(?!\/)/.test(me.career_site_url ?? '') ? (
        <a href={me.career_site_url} target="_blank" rel="noopener noreferrer" className={linkClass}>
          <Globe aria-hidden="true" />
          <span className="max-lg:sr-only">{t('common:header.career_site')}</span>
        </a>
      ) : null}
    </>
  );
}
