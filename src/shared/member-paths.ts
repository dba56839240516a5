/** The browser routes only a signed-in member may open (spec document 2 §2.1). */
export const MEMBER_ONLY_PATHS = [
  '/subscription',
  '/subscribe',
  '/upgrade',
  '/legal-sources',
  '/settings',
  '/preferences',
  '/legal-change/:id',
  '/legal-changes/:id',
  '/team',
  '/team/join',
  '/team/horizon',
  '/team/activity',
] as const;
