/** The upstream failures the replay server reproduces, and the pages they answer with. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONTENT_TYPES } from './replay-content';
import type { Fault, ReplayRequest, Route } from './replay-types';

export const WAF_CHALLENGE_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title></title>
<script type="text/javascript">
window.awsWafCookieDomainList = [];
window.gokuProps = {"key":"AQIDAHjcYu/GjX+QlghicBgQ/7bFaQZ+m5FKCMDnO+vTbNg96AE","iv":"CgAHazE6MwAAAAAA","context":"replayed"};
</script>
<script src="https://example.token.awswaf.com/example/challenge.js"></script>
</head>
<body>
<div id="challenge-container"></div>
<script type="text/javascript">
AwsWafIntegration.saveReferrer();
AwsWafIntegration.checkForceRefresh().then((forceRefresh) => {
  if (forceRefresh) { AwsWafIntegration.forceRefreshToken().then(() => { window.location.reload(true); }); }
  else { AwsWafIntegration.getToken().then(() => { window.location.reload(true); }); }
});
</script>
<noscript><h1>JavaScript is disabled</h1>
In order to continue, we need to verify that you're not a robot. This requires JavaScript.</noscript>
</body>
</html>
`;

export const SEARCH_PAGE_HTML = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Search Legislation</title></head>
<body><div id="layout2"><h1 class="pageTitle">Search Legislation</h1>
<p>No results were found on this page of your search.</p></div></body></html>
`;

const GENERIC_JSON =
  '{"items":[{"value":{"billId":3001,"shortTitle":"Example Bill","currentHouse":"Commons","lastUpdate":"2026-01-15T10:00:00"}}],"totalResults":1,"itemsPerPage":20}';

const GENERIC_MALFORMED_XML = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:ukm="http://www.legislation.gov.uk/namespaces/metadata">
<title>Search Results</title>
<entry><id>http://www.legislation.gov.uk/id/uksi/2026/1</id><title>The Example & Broken Regulations 2026</title>
<ukm:DocumentMainType Value="UnitedKingdomStatutoryInstrument">
</entry>
</feed`;

export function send(
  res: ServerResponse,
  record: ReplayRequest,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
): void {
  const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, { ...headers, 'content-length': String(payload.length) });
  res.end(status === 304 ? undefined : payload);
  record.status = status;
}

/**
 * Answers a request the way an upstream failure would. `onSearchRedirect` hears that a redirect to the
 * search page was sent, so the server starts serving that page.
 */
export function applyFault(
  fault: Fault,
  route: Route | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  record: ReplayRequest,
  onSearchRedirect: () => void,
) {
  const json = { 'content-type': CONTENT_TYPES['.json']! };
  switch (fault.kind) {
    case 'status500':
      return send(
        res,
        record,
        500,
        { 'content-type': 'application/problem+json; charset=utf-8' },
        JSON.stringify({ status: 500, title: 'Internal Server Error' }),
      );
    case 'status503':
      return send(
        res,
        record,
        503,
        { 'content-type': 'text/html; charset=utf-8', 'retry-after': String(fault.retryAfterSeconds) },
        '<html><head><title>503 Service Unavailable</title></head><body><h1>Service Unavailable</h1></body></html>',
      );
    case 'forbidden403':
      return send(
        res,
        record,
        403,
        { 'content-type': 'text/html; charset=utf-8' },
        '<html><head><title>403 Forbidden</title></head><body><h1>Forbidden</h1><p>Request rate exceeded.</p></body></html>',
      );
    case 'timeout':
      // Never answer. close() destroys the socket.
      return;
    case 'reset':
      req.socket.resetAndDestroy();
      return;
    case 'html200':
      return send(res, record, 200, { 'content-type': 'text/html; charset=UTF-8' }, WAF_CHALLENGE_HTML);
    case 'redirect307': {
      // Same body as legislation.gov.uk sends when a search is paged past its end.
      const location = fault.location ?? `/search${record.search}`;
      onSearchRedirect();
      const href = location.replace(/&/g, '&amp;');
      const html =
        '\n<!DOCTYPE html\n  PUBLIC "-//W3C//DTD XHTML+RDFa 1.0//EN" "http://www.w3.org/MarkUp/DTD/xhtml-rdfa-1.dtd">\n' +
        '<html xmlns="http://www.w3.org/1999/xhtml"><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8" />' +
        `<title>307 Redirection</title></head><body><h1>307 Redirection</h1><p><a href="${href}">${href}</a></p></body></html>`;
      return send(res, record, 307, { 'content-type': 'text/html; charset=utf-8', location }, html);
    }
    case 'rateLimited':
      return send(
        res,
        record,
        429,
        { 'content-type': 'text/plain; charset=utf-8', 'retry-after': String(fault.retryAfterSeconds) },
        'Too Many Requests',
      );
    case 'truncatedJson': {
      const source =
        route && /json/.test(route.headers['content-type'] ?? '') && route.body.length > 1
          ? route.body.toString('utf8')
          : GENERIC_JSON;
      return send(res, record, 200, json, source.slice(0, Math.floor(source.length / 2)));
    }
    case 'malformedXml': {
      const routeType = route?.headers['content-type'] ?? '';
      const type = /xml/.test(routeType) ? routeType : CONTENT_TYPES['.xml']!;
      const body =
        route && /xml/.test(routeType) && route.body.length > 1
          ? route.body.toString('utf8').slice(0, Math.floor(route.body.length / 2))
          : GENERIC_MALFORMED_XML;
      return send(res, record, 200, { 'content-type': type }, body);
    }
  }
}
