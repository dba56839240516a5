export const legalSourcesKeys = {
  all: ['legal-sources'] as const,
  status: ['legal-sources', 'status'] as const,
  recent: (region: string) => ['legal-sources', 'recent', region] as const,
  searches: ['legal-sources', 'search'] as const,
  search: (target: string, query: string, docType: string) =>
    ['legal-sources', 'search', target, query, docType] as const,
  noSearch: ['legal-sources', 'search', 'none'] as const,
};
