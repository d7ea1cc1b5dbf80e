import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { usePersonalInfos } from '../api/get-personal-infos.ts';
import { PersonalInfosForm } from './personal-infos-form.tsx';

/** `actingAs`: the session acts as someone; the e-mail (where reset links go) is the owner's to change. */
export function ProfilePage({ onSaved, actingAs = false }: { onSaved?: () => void; actingAs?: boolean }) {
  const { t } = useTranslation(['user_profile', 'common']);
  const profile = usePersonalInfos();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title={t('user_profile:title')} subtitle={t('user_profile:subtitle')} />
      {profile.isPending ? <FullPageSpinner /> : null}
      {profile.isError ? <EmptyState title={t('common:error')} /> : null}
      {profile.data ? (
        <Card title={t('user_profile:personal_infos')}>
          <PersonalInfosForm profile={profile.data} onSaved={onSaved} actingAs={actingAs} />
        </Card>
      ) : null}
    </div>
  );
}
