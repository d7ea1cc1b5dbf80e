import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_IMPORT_MAX_MB, type TUserImportReport } from '@embauche/contracts/user-import';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FileDropZone } from '../../../components/ui/file-drop-zone.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useCheckUsersImport, useStartUsersImport } from '../api/import-users.ts';
import { UsersImportProgress } from './users-import-progress.tsx';
import { UsersImportReport } from './users-import-report.tsx';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Users import: choose a CSV or XLSX file → the dry run's report → "Import N users" (only when no
 * row is bad) → the job's progress until done. Nothing is imported while a row is bad.
 */
export function UsersImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['users', 'errors', 'common']);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<TUserImportReport | null>(null);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [importId, setImportId] = useState<number | null>(null);
  const check = useCheckUsersImport();
  const start = useStartUsersImport();
  const errorMessage = useApiErrorMessage();
  const finished = useCallback(() => onClose(), [onClose]);

  /** File-level codes (`file`, or a missing column's name) as sentences. */
  const refusal = (error: unknown): string[] => {
    if (!isApiError(error) || !error.errors) return [errorMessage(error)];
    return Object.entries(error.errors).flatMap(([field, codes]) =>
      codes.map((code) =>
        field === 'file' || /^\d+\./.test(field)
          ? translateErrorCode(t, code)
          : `${t(`users:import.columns.${field}`, { defaultValue: field })} — ${translateErrorCode(t, code)}`,
      ),
    );
  };
  const choose = (next: File | null) => {
    setFile(next);
    setReport(null);
    setFileErrors([]);
    if (next)
      check.mutate(next, {
        onSuccess: setReport,
        onError: (error) => setFileErrors(refusal(error)),
      });
  };
  const run = () => {
    if (!file) return;
    start.mutate(file, {
      onSuccess: ({ id }) => setImportId(id),
      onError: (error) => setFileErrors(refusal(error)),
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('users:import.title')}
      description={t('users:import.description', { max: USER_IMPORT_MAX_MB })}
      className="max-w-2xl"
    >
      {importId !== null ? (
        <UsersImportProgress id={importId} onFinished={finished} />
      ) : (
        <div className="flex flex-col gap-4">
          <FormField label={t('users:import.file')} hint={t('users:import.columns_hint')}>
            {(control) => (
              <FileDropZone
                control={{ ...control, 'aria-invalid': fileErrors.length > 0 }}
                file={file}
                onFileChange={choose}
                accept={ACCEPT}
                disabled={check.isPending || start.isPending}
              />
            )}
          </FormField>
          {check.isPending ? (
            <p className="text-sm text-slate-700" role="status">
              {t('users:import.checking')}
            </p>
          ) : null}
          {fileErrors.length ? (
            <div role="alert" className="flex flex-col gap-1 text-sm text-red-700">
              {fileErrors.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          ) : null}
          {report ? <UsersImportReport report={report} /> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button
              onClick={run}
              disabled={!report || report.errors.length > 0 || report.valid === 0 || start.isPending}
            >
              {/* Never "Import 0 users": before the check, "Import"; with nothing valid, say so. */}
              {!report
                ? t('users:import.button')
                : report.valid === 0
                  ? t('users:import.confirm_none')
                  : t('users:import.confirm', { count: report.valid })}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
