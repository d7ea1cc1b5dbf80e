import {
  ZCareerSiteCustomAnswer,
  type TCareerSiteAnswers,
  type TCareerSiteCustomAnswer,
} from '@embauche/contracts/career-site';
import type { CareerSiteAnswersRepository } from './career-site-answers.repository.ts';
import { parseJson } from './career-site-language.ts';

/**
 * The answers and consent of applications sent from the career site (docs/career-site.md
 * "Consent"), for the applicant screen (the applications module, which has already checked that
 * the user sees these applications). The client address stays out.
 */
export class CareerSiteAnswersService {
  constructor(private readonly repo: CareerSiteAnswersRepository) {}

  /** By application id; an application that did not come from the site has no entry. */
  async ofApplications(
    companyId: number,
    applicationIds: readonly number[],
  ): Promise<Map<number, TCareerSiteAnswers>> {
    const rows = await this.repo.ofApplications(companyId, applicationIds);
    return new Map(
      rows.map((row) => {
        const parsed = parseJson<unknown>(row.answers, {});
        const answers =
          parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
        const text = (key: string) => {
          const value = answers[key];
          return typeof value === 'string' && value.trim() ? value : null;
        };
        const at: unknown = row.consented_at;
        return [
          row.application_id,
          {
            address: text('address'),
            birth_date: text('birth_date'),
            linkedin_url: text('linkedin_url'),
            custom_fields: customAnswers(answers.custom_fields),
            notice_language: row.notice_language,
            notice_version: Number(row.notice_version),
            consented_at: at instanceof Date ? at.toISOString() : String(at),
          },
        ];
      }),
    );
  }
}

/** The custom answers kept with a consent (none before they were asked; a damaged entry is left out). */
function customAnswers(value: unknown): TCareerSiteCustomAnswer[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = ZCareerSiteCustomAnswer.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
