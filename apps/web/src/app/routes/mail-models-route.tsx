import { useTranslation } from 'react-i18next';
import { MailModelsPage } from '../../features/mail-models/components/mail-models-page.tsx';

/** `/config/emails/model`, inside the config layout (config-routes.tsx guards it with `config.emails`). */
export function MailModelsRoute() {
  return <MailModelsPage />;
}

/**
 * `/config/onboarding/mail-templates` (issue 41, `config.onboarding` for the page; the e-mail
 * models' own calls need `config.emails`): the models page showing only `onboarding` models.
 */
export function OnboardingMailModelsRoute() {
  const { t } = useTranslation('onboarding');
  return (
    <MailModelsPage
      kind="onboarding"
      base="/config/onboarding/mail-templates"
      intro={t('onboarding:mail_templates.intro')}
    />
  );
}
