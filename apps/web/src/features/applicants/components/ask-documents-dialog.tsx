import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_REQUEST_DAYS } from '@embauche/contracts/applicants';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { TAskDocumentItem } from '../api/get-ask-documents.ts';
import { documentTypeLabel } from '../lib/document-type-label.ts';

type Props = { email: string; items: TAskDocumentItem[]; onClose: () => void; onSubmit: (documentIds: number[]) => void };

/** Picks the documents to ask; the server e-mails the applicant a link to the upload page. */
export function AskDocumentsDialog({ email, items, onClose, onSubmit }: Props) {
  const { t } = useTranslation(['applicant', 'errors', 'common']);
  const [chosen, setChosen] = useState<number[]>([]);
  const [missing, setMissing] = useState(false);
  const toggle = (id: number, on: boolean) => {
    setMissing(false);
    setChosen((current) => (on ? [...current, id] : current.filter((c) => c !== id)));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen.length) return setMissing(true);
    onClose();
    onSubmit(chosen);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('applicant:ask.title')} description={t('applicant:ask.description', { email, count: DOCUMENT_REQUEST_DAYS })}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <fieldset aria-describedby={missing ? 'ask-documents-error' : undefined} className="flex flex-col gap-2">
          <legend className={missing ? 'mb-2 text-sm font-medium text-red-700' : 'mb-2 text-sm font-medium text-slate-800'}>
            {t('applicant:ask.documents')}
            <span aria-hidden="true" className="ml-0.5 text-red-600">*</span>
          </legend>
          {items.map((item) => (
            <label key={item.id} className="flex items-center gap-2 text-sm text-slate-800">
              <Checkbox checked={chosen.includes(item.id)} onChange={(event) => toggle(item.id, event.target.checked)} />
              <span className="flex-1">{documentTypeLabel(t, item)}</span>
              {item.received ? (
                <span className="text-xs text-emerald-800">{t('applicant:documents.received')}</span>
              ) : item.sended ? (
                <span className="text-xs text-amber-900">{t('applicant:documents.sent')}</span>
              ) : null}
            </label>
          ))}
          {missing ? (
            <p id="ask-documents-error" role="alert" className="text-sm text-red-700">
              {t('errors:field_required')}
            </p>
          ) : null}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit">{t('applicant:ask.submit')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
