import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';

/** Asks DNS whether a live-chat domain's host exists (001 §5 "{host} must exist", §8 "domain not found"). */
export type DomainCheck = (origin: string) => Promise<boolean>;

/**
 * A host exists when DNS answers it an A or AAAA record. `localhost` and IP literals need no lookup (the demo
 * shop and local set-ups embed the widget from them). `servers`: the resolvers to ask ("host:port"), the
 * system's otherwise. A resolver that cannot be reached counts as "not found": the admin can retry.
 */
export function domainCheck(servers: readonly string[] | undefined): DomainCheck {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (servers?.length) resolver.setServers([...servers]);
  const answers = async (lookup: Promise<string[]>) => (await lookup.catch(() => [])).length > 0;
  return async (origin) => {
    const host = new URL(origin).hostname.replace(/^\[|\]$/g, '');
    if (host === 'localhost' || isIP(host) !== 0) return true;
    return (await answers(resolver.resolve4(host))) || (await answers(resolver.resolve6(host)));
  };
}
