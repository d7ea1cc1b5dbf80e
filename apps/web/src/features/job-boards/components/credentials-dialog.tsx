import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { JOB_BOARD_CREDENTIAL_MAX, type TCompanyJobBoard } from '@embauche/contracts/job-boards';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError, isApiError } from '../../../lib/api-error.ts';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useUpdateCompanyJobBoard } from '../api/update-company-job-board.ts';

type Props = { board: TCompanyJobBoard; onClose: () => void };

/** Secrets are typed like passwords; the browser is told not to fill them with the user's own. */
const SECRET_FIELDS = new Set(['api_key', 'password']);

/**
 * Types new credentials for a board: they replace the stored ones, which are never shown (the
 * server keeps them sealed and only says that some exist). Each field of the board is required.
 */
export function CredentialsDialog({ board, onClose }: Props) {
  const { t } = useTranslation(['job_boards', 'errors', 'common']);
  const update = useUpdateCompanyJobBoard();
  const errorMessage = useApiErrorMessage();
  const schema = useMemo(
    () =>
      z.object(
        Object.fromEntries(
          board.credential_fields.map((field) => [
            field,
            z.string().trim().min(1, 'field_required').max(JOB_BOARD_CREDENTIAL_MAX, `max_length:${JOB_BOARD_CREDENTIAL_MAX}`),
          ]),
        ),
      ),
    [board.credential_fields],
  );
  type Values = Record<string, string>;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: Object.fromEntries(board.credential_fields.map((f) => [f, ''])),
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: board.id, enabled: board.enabled, credentials: values });
      toast.success(t('job_boards:credentials.saved', { name: board.name }));
      onClose();
    } catch (error) {
      // The server names the fields `credentials.{field}`; the form's fields are the bare names.
      const applied =
        isApiError(error) &&
        applyServerErrors(
          new ApiError(error.status, {
            message: error.message,
            errors: Object.fromEntries(Object.entries(error.errors ?? {}).map(([k, v]) => [k.replace(/^credentials\./, ''), v])),
          }),
          form.setError,
          board.credential_fields,
        );
      if (!applied) toast.error(errorMessage(error));
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('job_boards:credentials.title', { name: board.name })}
      description={t(board.has_credentials ? 'job_boards:credentials.replace_hint' : 'job_boards:credentials.new_hint')}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" autoComplete="off">
        {board.credential_fields.map((field) => (
          <FormField key={field} label={t(`job_boards:fields.${field}`)} required error={form.formState.errors[field]}>
            {(control) => (
              <Input
                {...control}
                type={SECRET_FIELDS.has(field) ? 'password' : 'text'}
                autoComplete={SECRET_FIELDS.has(field) ? 'new-password' : 'off'}
                spellCheck={false}
                {...form.register(field)}
              />
            )}
          </FormField>
        ))}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('job_boards:credentials.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
