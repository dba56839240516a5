/** The horizon: dated events across the watchlist, and the calendar feed's address. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api-client';
import { teamKeys } from '#client/lib/query-keys';
import type { HorizonEvent } from '../lib/types';

export const horizonQuery = (orgId: number, from: string, to: string) =>
  queryOptions({
    queryKey: teamKeys.horizon(orgId, from, to),
    queryFn: ({ signal }) =>
      getJson<{ events: HorizonEvent[] }>(`/api/orgs/${orgId}/horizon?${new URLSearchParams({ from, to })}`, {
        signal,
      }),
  });

export const useHorizon = (orgId: number, from: string, to: string) =>
  useQuery(horizonQuery(orgId, from, to));

export const useFeeds = (orgId: number) =>
  useQuery({
    queryKey: teamKeys.feeds(orgId),
    queryFn: ({ signal }) => getJson<{ calendarUrl: string }>(`/api/orgs/${orgId}/feeds`, { signal }),
    staleTime: Infinity,
  });
