/** The organisation API's answers as the client reads them: the shared contract's types. */
import type { z } from 'zod';
import type {
  activity,
  Assessment,
  AssessmentUpdate,
  commentSchema,
  CurrentOrg,
  horizon,
  inviteCreated,
  orgCreated,
  TeamItems,
} from '#shared/schemas/orgs';

export type { Assessment, AssessmentUpdate, CurrentOrg, TeamItems };
export type { AssessmentStatus, OrgRole, Relevance } from '#shared/orgs';
export type OrgSummary = z.infer<typeof orgCreated>;
export type OrgInvite = z.infer<typeof inviteCreated>;
export type OrgMember = CurrentOrg['members'][number];
export type AssessmentChange = Assessment['history'][number];
export type OrgComment = z.infer<typeof commentSchema>;
export type TeamItem = TeamItems['data'][number];
export type HorizonEvent = z.infer<typeof horizon>['events'][number];
export type ActivityPage = z.infer<typeof activity>;
export type ActivityEntry = ActivityPage['entries'][number];
