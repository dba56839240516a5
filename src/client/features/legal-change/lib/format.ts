/** Hostnames of the source URLs, without "www.", at most `limit`, each once. */
export function sourceHostnames(urls: readonly string[], limit = 3): string[] {
  const hosts: string[] = [];
  for (const url of urls) {
    try {
      const host = new URL(url).hostname.replace(/^www\./, '');
      if (host && !hosts.includes(host)) hosts.push(host);
    } catch {
      // not a URL: left out
    }
    if (hosts.length >= limit) break;
  }
  return hosts;
}

/** The tab names of the page, in order; `?tab=` picks one, anything else means the AI overview. */
export const DETAIL_TABS = ['ai-overview', 'news', 'timeline', 'amendments', 'documents', 'redline'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

export function tabFromParam(value: string | null): DetailTab {
  return (DETAIL_TABS as readonly string[]).includes(value ?? '') ? (value as DetailTab) : 'ai-overview';
}

/** The id from the path: `/legal-changes/{id}` or `/legal-change/{id}`; null when it is not a positive whole number. */
export function parseLegalChangeId(pathname: string, param: string | undefined): number | null {
  const segments = pathname.split('/').filter(Boolean);
  const raw = segments[0] === 'legal-changes' || segments[0] === 'legal-change' ? segments[1] : param;
  const value = raw ?? param;
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
