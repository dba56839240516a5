export const legalChangeKeys = {
  all: (id: number) => ['legal-change', id] as const,
  detail: (id: number) => ['legal-change', id, 'detail'] as const,
  action: (id: number) => ['legal-change', id, 'action'] as const,
  timeline: (id: number) => ['legal-change', id, 'timeline'] as const,
  documents: (id: number) => ['legal-change', id, 'documents'] as const,
  amendments: (id: number) => ['legal-change', id, 'amendments'] as const,
  effects: (id: number) => ['legal-change', id, 'effects'] as const,
  provisionVersions: (id: number, provision: string) =>
    ['legal-change', id, 'provisions', provision, 'versions'] as const,
  provisionDiff: (id: number, provision: string, from: string, to: string) =>
    ['legal-change', id, 'provisions', provision, 'diff', from, to] as const,
  aiOverview: (id: number, language: string) => ['legal-change', id, 'ai-overview', language] as const,
  news: (id: number) => ['legal-change', id, 'news'] as const,
};
