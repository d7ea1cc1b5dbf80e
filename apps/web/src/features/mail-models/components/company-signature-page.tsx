import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../../components/page-intro.tsx';
import { useCompanySignature } from '../api/get-company-signature.ts';
import { useUpdateCompanySignature } from '../api/update-company-signature.ts';
import { SignatureQuery } from './signature-query.tsx';

/**
 * Config page `emails/signature` (`config.emails`): the company's signature, appended to the
 * e-mails of users who have none of their own.
 */
export function CompanySignaturePage() {
  const { t } = useTranslation('mail');
  const signature = useCompanySignature();
  const update = useUpdateCompanySignature();
  return (
    <div className="flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <PageIntro>{t('mail:signature.company_intro')}</PageIntro>
      <SignatureQuery query={signature} onSave={update.mutateAsync} />
    </div>
  );
}
