import { CareerSitePage } from '../../features/career-site/components/career-site-page.tsx';
import { useCurrentUser } from '../session/use-current-user.ts';

/** `/config/career-site`, inside the config layout (guarded with `config.settings_sc`). */
export function CareerSiteRoute() {
  const me = useCurrentUser();
  return <CareerSitePage companyName={me.company_name} />;
}
