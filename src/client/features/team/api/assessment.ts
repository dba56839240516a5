/** An item's assessment (status, relevance, owner, due date, impact note and history) and its changes. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '#client/lib/api-client';
import { teamKeys } from '#client/lib/query-keys';
import type { Assessment, AssessmentUpdate } from '../lib/types';

const path = (orgId: number, legalChangeId: number) => `/api/orgs/${orgId}/items/${legalChangeId}/assessment`;

export const assessmentQuery = (orgId: number, legalChangeId: number) =>
  queryOptions({
    queryKey: teamKeys.assessment(orgId, legalChangeId),
    queryFn: ({ signal }) => getJson<Assessment>(path(orgId, legalChangeId), { signal }),
  });

export const useAssessment = (orgId: number, legalChangeId: number) =>
  useQuery(assessmentQuery(orgId, legalChangeId));

export function useUpdateAssessment(orgId: number, legalChangeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: AssessmentUpdate) =>
      apiRequest<Assessment>('PUT', path(orgId, legalChangeId), update),
    onSuccess: (answer) => {
      if (answer && typeof answer === 'object' && 'status' in answer)
        queryClient.setQueryData(teamKeys.assessment(orgId, legalChangeId), answer);
      void queryClient.invalidateQueries({ queryKey: teamKeys.assessment(orgId, legalChangeId) });
      void queryClient.invalidateQueries({ queryKey: ['team', orgId, 'items'] });
      void queryClient.invalidateQueries({ queryKey: teamKeys.activity(orgId) });
    },
  });
}
