import { MailModelsPage } from '../../features/mail-models/components/mail-models-page.tsx';

/** `/config/emails/model`, inside the config layout (config-routes.tsx guards it with `config.emails`). */
export function MailModelsRoute() {
  return <MailModelsPage />;
}
