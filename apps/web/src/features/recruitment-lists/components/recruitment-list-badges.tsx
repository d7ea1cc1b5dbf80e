import { Lock, PenLine, Eye, Users, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TRecruitmentListItem } from '@embauche/contracts/recruitment-lists';
import { Badge } from '../../../components/ui/badge.tsx';

/**
 * Spec 2: private; shared with its count (for the owner); the applicant count; for a non-private
 * list, whether the viewer may add applicants or only read.
 */
export function RecruitmentListBadges({ list }: { list: TRecruitmentListItem }) {
  const { t } = useTranslation('sourcing');
  return (
    <ul className="flex flex-wrap gap-1.5">
      {list.private ? (
        <li>
          <Badge tone="neutral">
            <Lock aria-hidden="true" className="size-3" />
            {t('sourcing:lists.badge.private')}
          </Badge>
        </li>
      ) : list.is_owner ? (
        <li>
          <Badge tone="info">
            <Users aria-hidden="true" className="size-3" />
            {t('sourcing:lists.badge.shared', { count: list.shared_users.length })}
          </Badge>
        </li>
      ) : null}
      <li>
        <Badge tone="neutral">
          <UserRound aria-hidden="true" className="size-3" />
          {t('sourcing:lists.badge.applicants', { count: list.applicant_amount })}
        </Badge>
      </li>
      {list.private ? null : (
        <li>
          {list.can_add ? (
            <Badge tone="success">
              <PenLine aria-hidden="true" className="size-3" />
              {t('sourcing:lists.badge.can_add')}
            </Badge>
          ) : (
            <Badge tone="warning">
              <Eye aria-hidden="true" className="size-3" />
              {t('sourcing:lists.badge.read_only')}
            </Badge>
          )}
        </li>
      )}
    </ul>
  );
}
