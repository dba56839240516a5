/** Telling data from the HTML pages upstreams send instead (WAF challenges, error pages). */

const WAF_MARKERS = ['awsWafCookieDomainList', 'challenge-container', 'AwsWafIntegration'];

/** true for an HTML page (WAF challenge, error page, redirect page) where data was expected */
export function looksLikeHtml(body: string, contentType = ''): boolean {
  // challenge pages are small; a large document that merely mentions a marker is still data
  if (body.length < 100_000 && WAF_MARKERS.some((marker) => body.includes(marker))) return true;
  const head = body.slice(0, 1024).trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return true;
  if (head.startsWith('<?xml')) return /^<\?xml[^>]*>\s*(<!doctype html|<html)/.test(head);
  return contentType.includes('text/html') && head.startsWith('<');
}
