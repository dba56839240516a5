/** GET /api/user/feeds and the private feed URLs. */
import { z } from 'zod';

export const memberFeedsSchema = z.object({
  calendarUrl: z.string(),
  atomUrl: z.string(),
  items: z.array(z.object({ legalChangeId: z.number(), title: z.string(), url: z.string() })),
  terms: z.array(z.object({ id: z.number(), term: z.string(), url: z.string() })),
});
export type MemberFeeds = z.infer<typeof memberFeedsSchema>;

export const feedTokenParams = z.object({ token: z.string().max(60) });
export const feedFileParams = feedTokenParams.extend({
  file: z.string().regex(/^[1-9][0-9]{0,9}\.xml$/, 'not a feed'),
});
