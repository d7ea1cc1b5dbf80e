import type { SessionEnd } from '../auth/sessions.service.ts';
import type { HubUpdate } from './hub-update.ts';

/**
 * Carries updates to every instance's hub: `publish` sends one, and each instance's `deliver`
 * receives every update once, in the same order everywhere (the one the history keeps). Session
 * ends travel beside them (`announceEnd` → every instance's `ended`, this one included): they are
 * not kept, so an instance that misses one refuses the session's tokens anyway (the database says
 * the session is gone) and ends its streams at their tokens' expiry.
 */
export interface HubTransport {
  /** Connects; before it resolves, `deliver` receives the shared history, oldest first. */
  start(deliver: (update: HubUpdate) => void, ended?: (end: SessionEnd) => void): Promise<void>;
  publish(update: HubUpdate): Promise<void>;
  announceEnd(end: SessionEnd): Promise<void>;
  close(): Promise<void>;
}
