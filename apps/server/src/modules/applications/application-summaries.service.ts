import type { TSummary } from '@embauche/contracts/applications';
import type { SummaryProvider } from '../../platform/ai/summary-provider.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { HttpError } from '../../platform/http/http-error.ts';
import type { ApplicantsService } from '../applicants/applicants.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type { ApplicationSummariesRepository } from './application-summaries.repository.ts';
import type { ApplicationsService } from './applications.service.ts';

/** AI summaries of an application or an applicant, stored per language. */
export class ApplicationSummariesService {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly repo: ApplicationSummariesRepository,
    private readonly applicants: ApplicantsService,
    private readonly offers: OffersService,
    private readonly summarizer: SummaryProvider,
  ) {}

  /**
   * The stored summary in that language, or a new one (`regenerate`, or none yet in that language)
   * from the configured provider.
   */
  async summary(
    auth: AuthContext,
    type: 'application' | 'applicant',
    id: number,
    regenerate: boolean,
    language: TSummary['language'],
  ): Promise<TSummary> {
    let applicantId: number;
    let offer: { job_position: string; description: string | null } | null = null;
    if (type === 'application') {
      const row = await this.applications.require(auth, id);
      applicantId = row.applicant_id!;
      if (row.offer_id) {
        const detail = await this.offers.detail(auth, 'all', row.offer_id);
        offer = {
          job_position: detail.job_position,
          description: detail.description?.replace(/<[^>]+>/g, ' ') ?? null,
        };
      }
    } else {
      applicantId = (await this.applicants.require(auth, id)).id;
    }
    if (!regenerate) {
      const stored = await this.repo.latestSummary(auth.companyId, type, id, language);
      if (stored) return toSummary(stored);
    }
    const [applicant, cv, applications] = await Promise.all([
      this.applicants.get(auth, applicantId),
      this.applicants.cvTextOf(auth, applicantId),
      this.applications.overview(auth, applicantId, []),
    ]);
    const result = await this.summarizer
      .summarize({
        language,
        applicant,
        cvText: cv.text,
        motivation: cv.motivation,
        applications: applications.map((a) => ({
          job_position: a.job_position,
          status: a.status.name,
          created_at: a.created_at,
        })),
        offer,
      })
      .catch((err: unknown) => {
        throw new HttpError(
          503,
          `The summary provider failed: ${err instanceof Error ? err.message : String(err)}`,
          'ai_unavailable',
        );
      });
    const row = {
      company_id: auth.companyId,
      subject_type: type,
      subject_id: id,
      text: result.text,
      source: result.source,
      model: result.model,
      language,
      created_at: new Date().toISOString(),
    };
    await this.repo.insertSummary(row);
    return toSummary(row);
  }
}

function toSummary(r: {
  subject_type: string;
  subject_id: number;
  text: string;
  source: string;
  model: string | null;
  language: string | null;
  created_at: string;
}): TSummary {
  return {
    subject_type: r.subject_type as TSummary['subject_type'],
    subject_id: r.subject_id,
    text: r.text,
    source: r.source as TSummary['source'],
    language: r.language as TSummary['language'],
    model: r.model,
    created_at: r.created_at,
  };
}
