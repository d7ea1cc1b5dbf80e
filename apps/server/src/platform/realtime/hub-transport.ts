import type { HubUpdate } from './hub-update.ts';

/**
 * Carries updates to every instance's hub: `publish` sends one, and each instance's `deliver`
 * receives every update once, in the same order everywhere (the one the history keeps).
 */
export interface HubTransport {
  /** Connects; before it resolves, `deliver` receives the shared history, oldest first. */
  start(deliver: (update: HubUpdate) => void): Promise<void>;
  publish(update: HubUpdate): Promise<void>;
  close(): Promise<void>;
}
