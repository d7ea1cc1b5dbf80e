import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';

/** Which `common:coming_soon.pages.*` line describes a placeholder screen, by its title key. */
const PAGE_DESCRIPTIONS: Record<string, string> = {
  'sourcing:title': 'sourcing',
  'sourcing:recruitment_list': 'recruitment_list',
  'common:nav.stats': 'stats',
  'planner:title': 'planner',
  'common:nav.community': 'community',
  'common:nav.offers_follow_up': 'offers_follow_up',
  'shared:register': 'register',
  'shared:shared_content': 'shared_content',
  'booking:title': 'booking',
};

export function comingSoonKey(titleKey: string): string | undefined {
  const page = PAGE_DESCRIPTIONS[titleKey];
  return page ? `common:coming_soon.pages.${page}` : undefined;
}

type Props = {
  icon?: LucideIcon | undefined;
  /** A translation key: one line on what the screen will do. */
  descriptionKey?: string | undefined;
  /** The page's own name, when the block is the whole page (public pages): it becomes the h1. */
  title?: string;
  headingLevel?: 'h1' | 'h2';
};

/** A screen that a later issue builds: says that it is coming and what it will do, never "no data". */
export function ComingSoon({ icon, descriptionKey, title, headingLevel = 'h2' }: Props) {
  const { t } = useTranslation(['common', 'config']);
  const description = descriptionKey ? t(descriptionKey) : null;
  if (title) {
    return (
      <EmptyState icon={icon} title={title} headingLevel={headingLevel}>
        <p className="max-w-md text-sm font-medium text-slate-800">{t('common:coming_soon.title')}</p>
        {description ? <p className="max-w-md text-sm text-slate-600">{description}</p> : null}
      </EmptyState>
    );
  }
  return <EmptyState icon={icon} title={t('common:coming_soon.title')} subtitle={description} headingLevel={headingLevel} />;
}
