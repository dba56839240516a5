import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Dialog scroll-locking injects a small <style>; scripts stay strict.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join(';');

/** Two years, subdomains included: on every answer when the service is reached over https. */
const HSTS: [string, string] = ['strict-transport-security', 'max-age=63072000; includeSubDomains'];

/**
 * The security headers of every answer: a strict Content-Security-Policy (scripts only from our
 * origin), HSTS when served over https, no framing, no referrer leaks, no MIME sniffing and
 * same-origin isolation. They never vary by request, so they are built once.
 */
export function securityHeaders(opts: { hsts: boolean }): [string, string][] {
  return [
    ['content-security-policy', CONTENT_SECURITY_POLICY],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'no-referrer'],
    ...(opts.hsts ? [HSTS] : []),
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'SAMEORIGIN'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ];
}

/**
 * The headers that do something on a JSON answer read by a program, as the OWASP REST Security
 * Cheat Sheet lists them: no MIME sniffing, no framing (CSP frame-ancestors and X-Frame-Options),
 * nothing loaded by the answer, no referrer, same-origin reads only, HSTS over https. Used on the
 * anonymous health check's answer, which load balancers poll hard: the document-only headers of
 * `securityHeaders` (script policy, opener isolation, download and DNS-prefetch switches) would
 * more than double the cost of writing it and change nothing for its reader.
 */
export function machineAnswerHeaders(opts: { hsts: boolean }): [string, string][] {
  return [
    ['content-security-policy', "default-src 'none';frame-ancestors 'none'"],
    ['cross-origin-resource-policy', 'same-origin'],
    ['referrer-policy', 'no-referrer'],
    ...(opts.hsts ? [HSTS] : []),
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
  ];
}

/**
 * Security headers on every answer, and no caching of private API answers (`cache-control:
 * no-store` under /api/ unless a route says otherwise). The headers go on the raw response, so
 * streams that take the response over (server-sent events) carry them too.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { hsts: boolean }) => {
    const headers = securityHeaders(opts);
    app.addHook('onRequest', (request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of headers) raw.setHeader(name, value);
      if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
      done();
    });
  },
  { name: 'security' },
);
