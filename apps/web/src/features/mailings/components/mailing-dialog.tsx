import { useState } from 'react';
import {
  useForm,
  useWatch,
  type FieldValues,
  type Path,
  type UseFormSetError,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TApplicantSelectionInput } from '@embauche/contracts/applicant-selection';
import type { TRecipientSelectionInput } from '@embauche/contracts/application-selection';
import { MAILING_RECIPIENTS_MAX } from '@embauche/contracts/mailings';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useCreateMailing } from '../api/create-mailing.ts';
import {
  MAILING_FORM_DEFAULTS,
  SERVER_FIELDS,
  ZMailingForm,
  mailingContent,
  type MailingForm,
} from '../lib/mailing-form.ts';
import {
  recipientsPayload,
  withoutAddress,
  type MailingRecipient,
} from '../lib/mailing-recipients.ts';
import { localToIso } from '../lib/send-at.ts';
import { MailingAttachmentsField, attachmentsError } from './mailing-attachments-field.tsx';
import { MailingContentFields } from './mailing-content-fields.tsx';
import { MailingPreview } from './mailing-preview.tsx';
import { MailingProgress } from './mailing-progress.tsx';
import { MailingScheduleFields } from './mailing-schedule-fields.tsx';

/**
 * "All that match" (issue 42 part 2): a list's whole filtered set, resolved on the server, and how
 * many it holds as the user was shown.
 */
export type MailingSelection =
  | { selection: TRecipientSelectionInput; count: number }
  /** A sourcing search's or a recruitment list's applicants (contracts/applicant-selection.ts). */
  | { applicantSelection: TApplicantSelectionInput; count: number };

/** The recipients of "all that match", with the count confirmed last. */
function selectionRecipients(selection: MailingSelection, count: number) {
  return 'applicantSelection' in selection
    ? {
        application_ids: [],
        applicant_ids: [],
        applicant_selection: { all: { ...selection.applicantSelection.all, count } },
      }
    : {
        application_ids: [],
        applicant_ids: [],
        selection: { ...selection.selection, all: { ...selection.selection.all, count } },
      };
}

export type MailingDialogProps = {
  recipients: MailingRecipient[];
  /** Instead of `recipients`: every application of a list under its filters. */
  selection?: MailingSelection | undefined;
  /** `sent` is true once a mailing was created (even if it was cancelled afterwards). */
  onClose: (sent: boolean) => void;
  /** When the mailing is done: the e-mails are in the applicants' activity feeds. */
  onFinished?: () => void;
};

/** How many names the description lists before "and N others". */
const NAMES_SHOWN = 3;

/**
 * Writing to applicants (issue 38 part 3, the spec's multicast): one e-mail to each recipient, from
 * a model of the company or written here as plain text (turned into MJML), previewed as one of
 * them will read it, sent now or at a set time. Once sent, the dialog follows the mailing's
 * progress until it is done, and may cancel it meanwhile. With a `selection` ("all that match") it
 * says how many the set holds and sends the selection; a set that changed meanwhile (409) is
 * told with its new count and sent again on the next click.
 */
export function MailingDialog({ recipients, selection, onClose, onFinished }: MailingDialogProps) {
  const { t } = useTranslation(['multicast', 'mail', 'common', 'errors']);
  const errorMessage = useApiErrorMessage();
  const create = useCreateMailing();
  const [mailingId, setMailingId] = useState<number | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const form = useForm<MailingForm>({
    resolver: zodResolver(ZMailingForm),
    defaultValues: MAILING_FORM_DEFAULTS,
  });
  const when = useWatch({ control: form.control, name: 'when' });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const missing = withoutAddress(recipients);
  // "All that match": the count the server confirmed last (a 409 gives the current one).
  const [selectedCount, setSelectedCount] = useState(selection?.count ?? 0);
  /** The selection is of applicants (a sourcing search, a recruitment list), not applications. */
  const applicants = selection !== undefined && 'applicantSelection' in selection;
  const tooMany = selection !== undefined && selectedCount > MAILING_RECIPIENTS_MAX;
  const reachable = selection ? selectedCount : recipients.length - missing.length;

  const pickFiles = (next: File[]) => {
    setFiles(next);
    setFilesError(attachmentsError(next));
  };

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    const tooMuch = attachmentsError(files);
    if (tooMuch) return setFilesError(tooMuch);
    const sendAt = values.when === 'later' && values.send_at ? localToIso(values.send_at) : null;
    try {
      const mailing = await create.mutateAsync({
        input: {
          recipients: selection
            ? selectionRecipients(selection, selectedCount)
            : recipientsPayload(recipients),
          ...mailingContent(values),
          ...(sendAt ? { send_at: sendAt } : {}),
        },
        files,
      });
      setMailingId(mailing.id);
    } catch (error) {
      if (isApiError(error) && error.code === 'selection_changed') {
        const current = Number(error.errors?.count?.[0]);
        if (Number.isFinite(current)) setSelectedCount(current);
        return setAlert(t(applicants ? 'multicast:applicant_selection_changed' : 'multicast:selection_changed', { count: current }));
      }
      // The server's fields land on the form's (`content.mjml` on the message); the recipients' code above them.
      const mapped: UseFormSetError<FieldValues> = (name, error, options) => {
        const field =
          name === 'content' ? (mode === 'model' ? 'model_id' : 'body') : SERVER_FIELDS[name];
        if (field) form.setError(field as Path<MailingForm>, error, options);
      };
      const onFields = applyServerErrors(error, mapped, Object.keys(SERVER_FIELDS));
      const fileCodes = isApiError(error)
        ? Object.entries(error.errors ?? {}).filter(([name]) => name.startsWith('attachments'))
        : [];
      if (fileCodes.length) setFilesError(fileCodes[0]![1][0] ?? 'invalid');
      const recipientCodes = isApiError(error) ? (error.errors?.recipients ?? []) : [];
      if (recipientCodes.length)
        setAlert(recipientCodes.map((code) => translateErrorCode(t, code)).join(' '));
      else if (!onFields && !fileCodes.length) setAlert(errorMessage(error));
    }
  });

  const close = () => onClose(mailingId !== null);
  const names = (list: MailingRecipient[]) => {
    const shown = list
      .slice(0, NAMES_SHOWN)
      .map((r) => r.name)
      .join(', ');
    return list.length > NAMES_SHOWN
      ? t('multicast:names_more', { names: shown, count: list.length - NAMES_SHOWN })
      : shown;
  };
  // Only community members: the texts say members rather than applicants.
  const members = recipients.length > 0 && recipients.every((r) => r.memberId !== undefined);
  const description = selection
    ? t(applicants ? 'multicast:applicant_selection_description' : 'multicast:selection_description', { count: selectedCount })
    : recipients.length
      ? members
        ? t('multicast:members.description', { count: recipients.length, names: names(recipients) })
        : t('multicast:description', { count: recipients.length, names: names(recipients) })
      : t('multicast:nobody');

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={t('multicast:title')}
      description={description}
      className="max-w-2xl"
    >
      {mailingId !== null ? (
        <MailingProgress mailingId={mailingId} onClose={close} onFinished={onFinished} />
      ) : (
        <form noValidate onSubmit={submit} className="flex min-w-0 flex-col gap-5">
          <FormAlert message={alert} />
          {tooMany ? (
            <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {t(applicants ? 'multicast:applicant_selection_too_many' : 'multicast:selection_too_many', {
                count: selectedCount,
                max: MAILING_RECIPIENTS_MAX,
              })}
            </p>
          ) : null}
          {missing.length ? (
            <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {t('multicast:without_address', { count: missing.length, names: names(missing) })}
            </p>
          ) : null}
          <MailingContentFields form={form} />
          {reachable && !selection ? (
            <MailingPreview
              control={form.control}
              recipients={recipients.filter((r) => !missing.includes(r))}
            />
          ) : null}
          <MailingAttachmentsField files={files} onChange={pickFiles} error={filesError} />
          <MailingScheduleFields form={form} />
          <div className="flex flex-wrap justify-end gap-2 pt-1">
            <Button variant="outline" onClick={close}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" disabled={reachable === 0 || tooMany || create.isPending}>
              {when === 'later'
                ? members
                  ? t('multicast:members.schedule', { count: reachable })
                  : t('multicast:schedule', { count: reachable })
                : members
                  ? t('multicast:members.submit', { count: reachable })
                  : t('multicast:submit', { count: reachable })}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** The dialog as a lazily loaded module's default export (app/components/mailing-actions.tsx). */
export default MailingDialog;
