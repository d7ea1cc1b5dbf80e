import type { UpdateInput } from './hub-update.ts';

/**
 * What modules call to push an update live, after the transaction that made it commits:
 * `services.get('hub').publish({ topics: ['v2/user/12'], data: JSON.stringify(n), private: true })`.
 * Answers the update's id; rejects when the update breaks a publication rule or the transport
 * (Redis, the external hub) fails: live delivery is best effort, so callers log the error and
 * go on (the notification itself is in the database). The built-in hub delivers it (through
 * Redis when configured); with `MERCURE_PUBLISH_URL` it is posted to that external hub instead.
 */
export interface HubPublisher {
  publish(update: UpdateInput): Promise<string>;
}
