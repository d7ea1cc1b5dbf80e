/**
 * Sourcing search (issue 15; spec 2 "/sourcing", 6 `sourcing.access`): a full-text search over
 * every applicant of the company that the user sees, with facets. Every path is under `/api`.
 * Route:
 *
 *   GET /api/sourcing/search?q&page&per_page&sort&filter[…]     → ZSourcingPage
 *       q          words matched against name, e-mail, tags and CV text (accents and case folded,
 *                  every word must match, each as a prefix; at most 8 words); empty: every applicant
 *       sort       `relevance` (default with q: PostgreSQL's ts_rank; on SQLite, name, e-mail or
 *                  tag matches before CV-only ones, docs/sourcing.md), `date_desc`
 *                  (default without q), `date_asc` — the date is the last application's, else
 *                  the applicant's creation
 *       filter[tags]=a,b               applicants with any of these tags (names, case folded)
 *       filter[source]=1,3             provenance ids (PROVENANCES)
 *       filter[job_board]=1,2          the applicant's job board ids
 *       filter[last_status]=1,2        status ids of the applicant's last application
 *       filter[applied]=yyyy-MM-dd,yyyy-MM-dd   last application between the two days (inclusive;
 *                                      either side may be empty)
 *       filter[has_cv]=1|0             with (1) or without (0) a CV file
 *   Several values of one filter: any of them; several filters: all of them. 422 `invalid` on
 *   `filter.<name>` or `sort` for a malformed value.
 *
 * `facets`: counts of the matching applicants by value, each facet computed under every filter but
 * its own (standard faceting: choosing a source does not hide the other sources' counts). Tags:
 * the SOURCING_TAG_FACETS most frequent. `highlights`: up to SOURCING_HIGHLIGHTS short snippets of
 * the CV text around the matched words, each with the [start, end) offsets of the matches within
 * the snippet's text — plain text, never HTML.
 *
 * Needs `sourcing.access` (403 otherwise); limited to the company and to the applicants the user
 * sees (docs/security.md "Who sees which applicants"); the last application is one the user sees.
 */
import { z } from 'zod';

/** Tags in the tag facet (the most frequent first). */
export const SOURCING_TAG_FACETS = 20;
/** Snippets per applicant, and characters of context on each side of a match. */
export const SOURCING_HIGHLIGHTS = 3;
export const SOURCING_SNIPPET_CONTEXT = 40;

export const SOURCING_SORTS = ['relevance', 'date_desc', 'date_asc'] as const;
export type TSourcingSort = (typeof SOURCING_SORTS)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The route's own query fields (page, per_page and `filter[…]` are read as any list's). */
export const ZSourcingQuery = z.object({
  q: z.string().max(200, 'max_length:200').optional(),
  sort: z.enum(SOURCING_SORTS, 'invalid').optional(),
});

/** `filter[…]` once split (the server's reading of the comma-joined values). */
export const ZSourcingFilters = z.object({
  tags: z.array(z.string().min(1).max(50)).max(20).optional(),
  source: z.array(z.coerce.number().int().positive()).max(20).optional(),
  job_board: z.array(z.coerce.number().int().positive()).max(50).optional(),
  last_status: z.array(z.coerce.number().int().positive()).max(50).optional(),
  /** [from, to]; null: open on that side. */
  applied: z.tuple([day.nullable(), day.nullable()]).optional(),
  has_cv: z.boolean().optional(),
});
export type TSourcingFilters = z.infer<typeof ZSourcingFilters>;

/** A CV snippet: `text`, and the [start, end) character offsets of each match within it. */
export const ZSourcingHighlight = z.object({
  text: z.string(),
  matches: z.array(z.tuple([z.number().int(), z.number().int()])),
  /** Whether text was cut before / after the snippet. */
  before: z.boolean(),
  after: z.boolean(),
});
export type TSourcingHighlight = z.infer<typeof ZSourcingHighlight>;

export const ZSourcingApplicant = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  img_src: z.string().nullable(),
  tags: z.array(z.string()),
  has_cv: z.boolean(),
  provenance_id: z.number().int().nullable(),
  jobboard_id: z.number().int().nullable(),
  /** The last application the user sees; null: none. */
  last_application: z
    .object({
      id: z.number().int(),
      offer_id: z.number().int().nullable(),
      /** null: a spontaneous application. */
      offer_name: z.string().nullable(),
      status_id: z.number().int(),
      created_at: z.string(),
    })
    .nullable(),
  highlights: z.array(ZSourcingHighlight),
});
export type TSourcingApplicant = z.infer<typeof ZSourcingApplicant>;

const ZCount = z.object({ count: z.number().int() });

export const ZSourcingFacets = z.object({
  tags: z.array(ZCount.extend({ name: z.string() })),
  /** Provenance ids; `id: null` counts applicants without one. */
  source: z.array(ZCount.extend({ id: z.number().int().nullable() })),
  job_board: z.array(
    ZCount.extend({ id: z.number().int().nullable(), name: z.string().nullable() }),
  ),
  /** `id: null`: applicants without an application the user sees. */
  last_status: z.array(ZCount.extend({ id: z.number().int().nullable() })),
  has_cv: z.object({ yes: z.number().int(), no: z.number().int() }),
});
export type TSourcingFacets = z.infer<typeof ZSourcingFacets>;

export const ZSourcingPage = z.object({
  data: z.array(ZSourcingApplicant),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  facets: ZSourcingFacets,
});
export type TSourcingPage = z.infer<typeof ZSourcingPage>;
