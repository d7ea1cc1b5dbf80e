import { CompanySignaturePage } from '../../features/mail-models/components/company-signature-page.tsx';

/** `/config/emails/signature`, inside the config layout (config-routes.tsx guards it with `config.emails`). */
export function MailSignatureRoute() {
  return <CompanySignaturePage />;
}
