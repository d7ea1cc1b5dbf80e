import { useId } from 'react';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TCareerSiteAnswers } from '@embauche/contracts/career-site';
import { isSafeLink } from '@embauche/contracts/links';
import { useCustomValueText } from '../../../components/custom-fields/custom-field-inputs.tsx';
import { formatDate } from '../../../lib/dates.ts';

/**
 * What an application sent from the career site carries beside the applicant's own fields
 * (docs/career-site.md "Consent"): the postal address, birth date and LinkedIn profile asked by
 * the application path, the answers to the company's own questions (custom fields asked on the
 * site, as the candidate gave them), and the consent to the privacy notice. Nothing for other
 * applications.
 */
export function CareerSiteAnswers({ answers }: { answers: TCareerSiteAnswers | null | undefined }) {
  const { t, i18n } = useTranslation(['applicant', 'common']);
  const headingId = useId();
  const valueText = useCustomValueText();
  if (!answers) return null;
  const language = t(`applicant:career_site.languages.${answers.notice_language}`, { defaultValue: answers.notice_language });
  return (
    <section aria-labelledby={headingId} className="mt-3 min-w-0 border-t border-slate-200 pt-2">
      <h3 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-slate-600">
        {t('applicant:career_site.title')}
      </h3>
      {answers.address || answers.birth_date || answers.linkedin_url || answers.custom_fields.length ? (
        <dl className="mt-1 grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
          {answers.address ? (
            <div className="contents">
              <dt className="text-slate-600">{t('applicant:career_site.address')}</dt>
              <dd className="min-w-0 whitespace-pre-line break-words text-slate-800 max-sm:mb-1">{answers.address}</dd>
            </div>
          ) : null}
          {answers.birth_date ? (
            <div className="contents">
              <dt className="text-slate-600">{t('applicant:career_site.birth_date')}</dt>
              <dd className="text-slate-800 max-sm:mb-1">{formatDate(answers.birth_date, 'date', i18n.language)}</dd>
            </div>
          ) : null}
          {answers.linkedin_url ? (
            <div className="contents">
              <dt className="text-slate-600">{t('applicant:career_site.linkedin')}</dt>
              <dd className="min-w-0 max-sm:mb-1">
                {/* Only web links become links: anything else shows as text. */}
                {isSafeLink(answers.linkedin_url) ? (
                  <a
                    href={answers.linkedin_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                  >
                    {t('applicant:career_site.linkedin_link')}
                    <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />{' '}
                    <span className="sr-only">{t('common:header.new_tab')}</span>
                  </a>
                ) : (
                  <span className="break-all text-slate-800">{answers.linkedin_url}</span>
                )}
              </dd>
            </div>
          ) : null}
          {answers.custom_fields.map((answer) => (
            <div key={answer.id} className="contents">
              <dt className="min-w-0 break-words text-slate-600">{answer.label}</dt>
              <dd className="min-w-0 whitespace-pre-line break-words text-slate-800 max-sm:mb-1">{valueText(answer, answer.value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className="mt-1 break-words text-xs text-slate-600">
        {t('applicant:career_site.consent', {
          version: answers.notice_version,
          language,
          date: formatDate(answers.consented_at, 'datetime', i18n.language),
        })}
      </p>
    </section>
  );
}
