import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TMailSignature, TMailSignatureInput } from '@embauche/contracts/mail-signatures';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { SignatureEditor } from './signature-editor.tsx';

type Props = {
  query: UseQueryResult<TMailSignature>;
  onSave: (input: TMailSignatureInput) => Promise<TMailSignature>;
};

/** A signature once loaded, in its editor; a spinner meanwhile, an error with a retry. */
export function SignatureQuery({ query, onSave }: Props) {
  const { t } = useTranslation('mail');
  if (query.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  if (query.isError)
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-700">
        <p>{t('mail:signature.load_error')}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('mail:models.retry')}
        </Button>
      </div>
    );
  return <SignatureEditor signature={query.data} onSave={onSave} />;
}
