import type { Kysely } from 'kysely';
import type { Config } from '../../platform/config/config.ts';
import type { DB } from '../../platform/db/schema.ts';
import { tooManyRequests } from '../../platform/http/http-error.ts';

/**
 * Counts failed sign-ins per e-mail and per client address in a fixed window, in the database so
 * that every server instance shares the count. Past the limit the answer is 429 until the window ends.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly limits: Config['login'],
  ) {}

  async assertAllowed(email: string, ip: string): Promise<void> {
    const windowMs = this.limits.windowMinutes * 60_000;
    const rows = await this.db
      .selectFrom('login_attempts')
      .select(['key', 'count', 'window_start'])
      .where('key', 'in', [emailKey(email), ipKey(ip)])
      .execute();
    const now = Date.now();
    for (const row of rows) {
      const limit = row.key.startsWith('email:') ? this.limits.maxPerEmail : this.limits.maxPerIp;
      const ends = Date.parse(row.window_start) + windowMs;
      if (ends > now && row.count >= limit) throw tooManyRequests(Math.ceil((ends - now) / 1000));
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const windowMs = this.limits.windowMinutes * 60_000;
    const now = new Date();
    const staleBefore = new Date(now.getTime() - windowMs).toISOString();
    for (const key of [emailKey(email), ipKey(ip)]) {
      await this.db
        .insertInto('login_attempts')
        .values({ key, count: 1, window_start: now.toISOString() })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            count: eb
              .case()
              .when('login_attempts.window_start', '<', staleBefore)
              .then(1)
              .else(eb('login_attempts.count', '+', 1))
              .end(),
            window_start: eb
              .case()
              .when('login_attempts.window_start', '<', staleBefore)
              .then(now.toISOString())
              .else(eb.ref('login_attempts.window_start'))
              .end(),
          })),
        )
        .execute();
    }
  }

  async reset(email: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('key', '=', emailKey(email)).execute();
  }
}

const emailKey = (email: string) => `email:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;
