import { BlockList, isIP } from 'node:net';
import { unprocessable } from './api/errors';

/** Mollie's wording when it cannot reach a webhook URL (422, field `webhookUrl`). */
export const UNREACHABLE_WEBHOOK_DETAIL =
  "The webhook URL is invalid because it is unreachable from Mollie's point of view.";

/** Addresses Mollie's servers cannot call: loopback, private, link-local, shared and unspecified ranges. */
const UNREACHABLE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  UNREACHABLE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  UNREACHABLE.addSubnet(network, prefix, 'ipv6');
}

/**
 * Top-level names no public DNS resolves (RFC 6761, RFC 6762, RFC 8375 and common intranet suffixes):
 * a host under one of them is taken as not on the internet.
 */
const NON_PUBLIC_TLDS = new Set([
  'local',
  'localhost',
  'localdomain',
  'test',
  'example',
  'invalid',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'private',
  'arpa',
]);

/** An IPv4 address written inside an IPv6 one (`::ffff:7f00:1` as Node's URL spells `::ffff:127.0.0.1`). */
function mappedIpv4(address: string): string | undefined {
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!match) return undefined;
  const high = Number.parseInt(match[1]!, 16);
  const low = Number.parseInt(match[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * Whether Mollie could call `url` from the internet, judged from its host alone (no DNS lookup): false
 * for `localhost`, loopback (127.0.0.0/8, ::1), private (10/8, 172.16/12, 192.168/16, fc00::/7),
 * link-local, shared and unspecified addresses, and names without a public top-level domain (`.local`,
 * `.test`, `.internal`, a bare host name). Rule source: Mollie refuses such webhook URLs with 422
 * ("unreachable from Mollie's point of view"; reference/mollie.md, its docs for `webhookUrl`).
 */
export function isPublicWebhookUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  const family = isIP(host);
  if (family === 4) return !UNREACHABLE.check(host, 'ipv4');
  if (family === 6) {
    const v4 = mappedIpv4(host);
    return v4 ? !UNREACHABLE.check(v4, 'ipv4') : !UNREACHABLE.check(host, 'ipv6');
  }
  const labels = host.replace(/\.$/, '').split('.');
  const tld = labels.at(-1) ?? '';
  if (labels.length < 2 || NON_PUBLIC_TLDS.has(tld)) return false;
  return /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld);
}

/**
 * Refuses, in strict mode, a webhook URL Mollie could not reach ({@link isPublicWebhookUrl}).
 * @param url an already validated absolute URL, or null when none was given (always allowed)
 * @throws MollieError 422, field `webhookUrl`, Mollie's wording
 */
export function assertReachableWebhookUrl(strict: boolean, url: string | null): void {
  if (strict && url !== null && !isPublicWebhookUrl(url)) {
    throw unprocessable('webhookUrl', UNREACHABLE_WEBHOOK_DETAIL);
  }
}
