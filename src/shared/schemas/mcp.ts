/** The MCP server's tools: their arguments, validated by the MCP SDK with these schemas. */
import { z } from 'zod';
import { LEGISLATION_FILTERS } from './legal-changes';

const id = z.number().int().positive().max(2_147_483_647);
const cursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/)
  .optional()
  .describe('nextCursor from the previous answer');

export const searchLegislationArgs = {
  query: z.string().trim().min(1).max(200).describe('words to find in titles and descriptions'),
  legislationType: z.enum(LEGISLATION_FILTERS).optional().describe('primary, secondary or all'),
  limit: z.number().int().min(1).max(25).optional().describe('how many results (default 10)'),
  cursor,
};
export const legalChangeArgs = { id: id.describe('the legal change id, as search or lists give it') };
export const recentChangesArgs = {
  jurisdictionId: z.number().int().min(1).max(9).optional().describe('a jurisdiction id (1 is the UK)'),
  legislationType: z.enum(LEGISLATION_FILTERS).optional().describe('primary, secondary or all'),
  limit: z.number().int().min(1).max(25).optional().describe('how many items (default 10)'),
  cursor,
};
export const listFollowedArgs = { cursor };
export const followArgs = { legalChangeId: id.describe('the legal change to follow') };
