import { useTranslation } from 'react-i18next';
import type { TCommunityConsentState } from '@embauche/contracts/community';
import { Badge } from '../../../components/ui/badge.tsx';

const TONES = { active: 'success', unsubscribed: 'warning', expired: 'neutral' } as const;

/** A member's consent state in words (never colour alone). */
export function ConsentBadge({ state }: { state: TCommunityConsentState }) {
  const { t } = useTranslation('community');
  return <Badge tone={TONES[state]}>{t(`community:consent.${state}`)}</Badge>;
}
