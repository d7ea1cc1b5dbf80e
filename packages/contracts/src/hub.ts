import { z } from 'zod';

/**
 * `GET /api/hub-token`: a fresh subscription token for the live hub, bound to the session and
 * short-lived (MERCURE_TOKEN_TTL_SECONDS); the web app asks for one before the current expires.
 * 401 once the session has ended.
 */
export const ZHubToken = z.object({
  mercure_subscription_token: z.string(),
});
export type THubToken = z.infer<typeof ZHubToken>;
