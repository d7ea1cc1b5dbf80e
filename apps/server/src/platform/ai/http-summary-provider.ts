import type { SummaryInput, SummaryProvider, SummaryResult } from './summary-provider.ts';

const LANGUAGE_NAMES: Record<string, string> = {
  fr: 'French',
  en: 'English',
  es: 'Spanish',
  de: 'German',
};

/** An OpenAI-compatible chat completions API: POST {AI_BASE_URL}/chat/completions. */
export class HttpSummaryProvider implements SummaryProvider {
  constructor(
    private readonly options: {
      baseUrl: string;
      apiKey: string | undefined;
      model: string;
      timeoutMs?: number;
      fetch?: typeof fetch;
    },
  ) {}

  async summarize(input: SummaryInput): Promise<SummaryResult> {
    const url = `${this.options.baseUrl.replace(/\/$/, '')}/chat/completions`;
    const language = LANGUAGE_NAMES[input.language] ?? 'French';
    const res = await (this.options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: this.options.model,
        temperature: 0.2,
        messages: [
          {
            role: 'system',
            content: `You help recruiters. Summarise the applicant for the recruiter in ${language}, in at most 120 words: experience, skills, education, fit for the offer. Facts from the data only; never guess age, origin, health or family situation.`,
          },
          { role: 'user', content: JSON.stringify(promptData(input)) },
        ],
      }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
    });
    if (!res.ok) throw new Error(`AI provider answered ${res.status}`);
    const body = (await res.json()) as {
      choices?: { message?: { content?: string } }[];
      model?: string;
    };
    const text = body.choices?.[0]?.message?.content?.trim();
    if (!text) throw new Error('AI provider answered no text');
    return { text, source: 'http', model: body.model ?? this.options.model };
  }
}

function promptData(input: SummaryInput) {
  return {
    applicant: { firstname: input.applicant.firstname, tags: input.applicant.tags },
    offer: input.offer ?? null,
    applications: input.applications,
    motivation: input.motivation?.slice(0, 4000) ?? null,
    cv: input.cvText?.slice(0, 12_000) ?? null,
  };
}
