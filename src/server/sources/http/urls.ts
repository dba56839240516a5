/** Links found in upstream responses, made safe to fetch and to show. */

const LEGISLATION_HTTP = /^http:\/\/(www\.)?legislation\.gov\.uk(?=[/?#]|$)/i;
const UPGRADABLE_HTTP =
  /^http:\/\/((?:[a-z0-9-]+\.)*(?:parliament\.uk|parliament\.scot)|www\.gov\.uk)(?=[/?#:]|$)/i;

/** legislation.gov.uk answers with http:// links; the site is served over https. */
export function toHttpsLegislationUrl(url: string): string {
  return url.replace(LEGISLATION_HTTP, 'https://www.legislation.gov.uk');
}

/**
 * Upgrades http:// links on hosts known to serve https (UK and Scottish Parliament sites,
 * legislation.gov.uk, www.gov.uk). Legacy hosts such as opsi.gov.uk are left as they are.
 */
export function toHttpsUrl(url: string): string {
  const legislation = toHttpsLegislationUrl(url);
  if (legislation !== url) return legislation;
  return url.replace(UPGRADABLE_HTTP, 'https://$1');
}
