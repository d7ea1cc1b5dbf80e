import { useTranslation } from 'react-i18next';
import type { TUserImportReport } from '@embauche/contracts/user-import';
import { translateErrorCode } from '../../../lib/error-message.ts';

/** The dry run's answer: counts, then every bad row (line, column, translated codes). */
export function UsersImportReport({ report }: { report: TUserImportReport }) {
  const { t } = useTranslation(['users', 'errors']);
  const bad = new Set(report.errors.map((e) => e.line)).size;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-800" role="status">
        {t('users:import.summary', { count: report.total, valid: report.valid, invalid: bad })}
      </p>
      {report.errors.length ? (
        <div className="max-h-64 overflow-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('users:import.errors_caption')}</caption>
            <thead className="sticky top-0 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('users:import.line')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('users:import.field')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('users:import.problem')}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.errors.map((error) => (
                <tr key={`${error.line}-${error.field}`} className="border-t border-slate-200 align-top">
                  <td className="px-3 py-2 tabular-nums">{error.line}</td>
                  <td className="px-3 py-2">{t(`users:import.columns.${error.field}`, { defaultValue: error.field })}</td>
                  <td className="break-words px-3 py-2 text-red-700">
                    {error.codes.map((code) => translateErrorCode(t, code)).join(' ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
