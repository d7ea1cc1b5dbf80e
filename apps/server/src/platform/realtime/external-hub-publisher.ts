import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { HubPublisher } from './hub-publisher.ts';
import { MERCURE_DETAIL_TYPE } from './access-token.ts';
import { prepareUpdate, type UpdateInput } from './hub-update.ts';

export type ExternalHubOptions = {
  /** The external hub's URL (`https://hub.example.com/.well-known/mercure`). */
  url: string;
  /** Its publisher key (HS256). */
  key: string;
  /** The `iss` of the tokens we sign: the issuer that hub trusts (PUBLIC_URL by default). */
  issuer: string;
};

/** How long a publisher token we sign lives. */
const TOKEN_SECONDS = 60;

/**
 * `MERCURE_PUBLISH_URL`: the product's updates are posted to an external Mercure hub (a deployment
 * that already runs one) instead of the built-in one. Each request carries a short-lived token
 * that both protocol generations accept: an RFC 9068 access token granting `publish` on `*`
 * through `authorization_details`, which also holds the classic `mercure.publish` claim.
 */
export class ExternalHubPublisher implements HubPublisher {
  readonly #key: Uint8Array;

  constructor(readonly options: ExternalHubOptions) {
    this.#key = new TextEncoder().encode(options.key);
  }

  async publish(input: UpdateInput): Promise<string> {
    // The same checks as the built-in hub: a bad update fails here, not at the other end.
    const update = prepareUpdate(input);
    const form = new URLSearchParams();
    for (const topic of update.topics) form.append('topic', topic);
    form.set('data', update.data);
    form.set('id', update.id);
    if (update.private) form.set('private', 'on');
    if (update.type) form.set('type', update.type);
    if (update.retry !== undefined) form.set('retry', String(update.retry));
    const response = await fetch(this.options.url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await this.#token()}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    const body = await response.text();
    if (!response.ok) {
      throw new Error(`The Mercure hub answered ${response.status}: ${body.slice(0, 200)}`);
    }
    return body || update.id;
  }

  #token(): Promise<string> {
    return new SignJWT({
      client_id: this.options.issuer,
      authorization_details: [
        { type: MERCURE_DETAIL_TYPE, actions: ['publish'], topics: [{ match: '*' }] },
      ],
      mercure: { publish: ['*'] },
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer(this.options.issuer)
      .setAudience(this.options.url)
      .setSubject(this.options.issuer)
      .setIssuedAt()
      .setJti(`urn:uuid:${randomUUID()}`)
      .setExpirationTime(`${TOKEN_SECONDS}s`)
      .sign(this.#key);
  }
}
