import { Resolver } from 'node:dns/promises';
import { ssoTxtName, ssoTxtValue, type SsoVerifyResult } from '@embauche/contracts/sso';

/** The TXT records of a name, each as its character strings (node:dns's shape). */
export type TxtResolver = (name: string) => Promise<string[][]>;

/** How long the DNS may take to answer before the check says `dns_unreachable`. */
export const DNS_TIMEOUT_MS = 5_000;

/** The system's resolvers, with their own timeout and two tries. */
export function systemTxtResolver(): TxtResolver {
  const resolver = new Resolver({ timeout: 2_000, tries: 2 });
  return (name) => resolver.resolveTxt(name);
}

/** DNS answers that say "no such record", as opposed to "no answer". */
const MISSING = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/**
 * Proves a claimed domain by its TXT record `_embauche-verification.<domain>` =
 * `embauche-verification=<token>` (records may come cut into character strings: joined first).
 */
export class DomainVerifier {
  constructor(
    private readonly resolveTxt: TxtResolver = systemTxtResolver(),
    private readonly timeoutMs = DNS_TIMEOUT_MS,
  ) {}

  async check(domain: string, token: string): Promise<SsoVerifyResult> {
    let records: string[][];
    let timer: NodeJS.Timeout | undefined;
    try {
      records = await Promise.race([
        this.resolveTxt(ssoTxtName(domain)),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('DNS timeout')), this.timeoutMs);
        }),
      ]);
    } catch (error) {
      return MISSING.has((error as { code?: string }).code ?? '')
        ? 'record_missing'
        : 'dns_unreachable';
    } finally {
      clearTimeout(timer);
    }
    const values = records.map((chunks) => chunks.join('').trim());
    if (values.includes(ssoTxtValue(token))) return 'verified';
    return values.some((v) => v.startsWith(ssoTxtValue(''))) ? 'wrong_token' : 'record_missing';
  }
}
