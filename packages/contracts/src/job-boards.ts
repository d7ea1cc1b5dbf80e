/**
 * The job boards a company publishes to (issue 17 item 6; spec 2 config `jobboards/list`). Every
 * path is under `/api`; every route needs `config.jobboards_list`.
 *
 *   GET /api/config/jobboards → ZCompanyJobBoard[]: every active board of the global catalogue,
 *       by id, with whether the company publishes there and whether credentials are stored.
 *   PUT /api/config/jobboards/{id} ZCompanyJobBoardUpdate → 200 ZCompanyJobBoard. `credentials`
 *       absent keeps the stored ones, `null` clears them, an object replaces them (each of the
 *       board's `credential_fields` required, other keys ignored). An unknown or inactive board
 *       is 404.
 *
 * Credentials are sealed at rest (AES-256-GCM, the server's secret box) and write-only: no answer
 * ever carries them, only `has_credentials`. A board the company never configured is enabled,
 * without credentials. The offer's job-board tab (`GET` and `PUT /projects/{id}/offers/{offer_id}/jobboards`)
 * lists and accepts the enabled boards only; the catalogue (`GET /projects/{id}/offers/jobboards`,
 * applicants' sources and filters) still names every board.
 *
 * 422 codes: `enabled`: `field_required`; `credentials.{field}`: `field_required |
 * max_length:255`.
 */
import { z } from 'zod';

export const JOB_BOARD_CREDENTIAL_KEYS = ['account_id', 'api_key', 'login', 'password'] as const;
export type TJobBoardCredentialKey = (typeof JOB_BOARD_CREDENTIAL_KEYS)[number];

/** Which credentials each board of the catalogue asks for, by slug (none: the career site). */
export const JOB_BOARD_CREDENTIAL_FIELDS: Record<string, readonly TJobBoardCredentialKey[]> = {
  indeed: ['account_id', 'api_key'],
  linkedin: ['account_id', 'api_key'],
  'welcome-to-the-jungle': ['api_key'],
  'france-travail': ['account_id', 'login', 'password'],
  hellowork: ['login', 'password'],
  apec: ['account_id', 'login', 'password'],
  'place-emploi-public': ['login', 'password'],
  'career-site': [],
};

/** The credential fields of a board (a board missing from the table asks for an API key). */
export function credentialFieldsOf(slug: string): readonly TJobBoardCredentialKey[] {
  return JOB_BOARD_CREDENTIAL_FIELDS[slug] ?? ['api_key'];
}

export const JOB_BOARD_CREDENTIAL_MAX = 255;

export const ZCompanyJobBoard = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo_url: z.string().nullable(),
  enabled: z.boolean(),
  credential_fields: z.array(z.enum(JOB_BOARD_CREDENTIAL_KEYS)),
  has_credentials: z.boolean(),
});
export type TCompanyJobBoard = z.infer<typeof ZCompanyJobBoard>;

const credential = z
  .string()
  .trim()
  .max(JOB_BOARD_CREDENTIAL_MAX, `max_length:${JOB_BOARD_CREDENTIAL_MAX}`)
  .optional();

export const ZJobBoardCredentials = z.object({
  account_id: credential,
  api_key: credential,
  login: credential,
  password: credential,
});
export type TJobBoardCredentials = z.infer<typeof ZJobBoardCredentials>;

export const ZCompanyJobBoardUpdate = z.object({
  enabled: z.boolean({ error: 'field_required' }),
  credentials: ZJobBoardCredentials.nullable().optional(),
});
export type TCompanyJobBoardUpdateInput = z.input<typeof ZCompanyJobBoardUpdate>;
export type TCompanyJobBoardUpdate = z.output<typeof ZCompanyJobBoardUpdate>;
