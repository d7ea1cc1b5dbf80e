/** What a summary is written from: the applicant, the CV text and the applications. */
export type SummaryInput = {
  language: string;
  applicant: {
    firstname: string;
    lastname: string;
    email: string | null;
    phone: string | null;
    tags: string[];
  };
  cvText: string | null;
  motivation: string | null;
  applications: { job_position: string | null; status: string; created_at: string }[];
  /** The offer the summary is about, when it is an application's. */
  offer?: { job_position: string; description: string | null } | null;
};

export type SummaryResult = { text: string; source: 'local' | 'http'; model: string | null };

/** Writes an application or applicant summary. */
export interface SummaryProvider {
  summarize(input: SummaryInput): Promise<SummaryResult>;
}
