/**
 * Every endpoint of the public API, version 1: its method, path, words and the zod schemas that
 * validate it. The routes are registered from this table and the OpenAPI document is generated
 * from it, so the document is the contract the server enforces.
 */
import {
  v1Effects,
  v1Followed,
  v1FollowBody,
  v1FollowedPage,
  v1IdParams,
  v1LegalChange,
  v1LegalChangeIdParams,
  v1LegalChangePage,
  v1LegalChangesQuery,
  v1NotificationPage,
  v1PageQuery,
  v1SearchPage,
  v1SearchQuery,
} from '#shared/schemas/public-api';
import type { $ZodType } from 'zod/v4/core';

export interface V1Endpoint {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  operationId: string;
  tag: 'Legal changes' | 'Search' | 'Followed' | 'Notifications';
  summary: string;
  /** 'write' endpoints need a key with the write scope */
  scope: 'read' | 'write';
  schema: {
    params?: $ZodType;
    querystring?: $ZodType;
    body?: $ZodType;
    response: Partial<Record<200 | 201, $ZodType>>;
  };
  /** the status of an answer without a body */
  noContent?: 204;
}

export const V1 = {
  listLegalChanges: {
    method: 'GET',
    url: '/api/v1/legal-changes',
    operationId: 'listLegalChanges',
    tag: 'Legal changes',
    summary: 'List legal changes with the dashboard’s filters, newest first, a page at a time',
    scope: 'read',
    schema: { querystring: v1LegalChangesQuery, response: { 200: v1LegalChangePage } },
  },
  getLegalChange: {
    method: 'GET',
    url: '/api/v1/legal-changes/:id',
    operationId: 'getLegalChange',
    tag: 'Legal changes',
    summary: 'One legal change with every field, its official link and its timeline',
    scope: 'read',
    schema: { params: v1IdParams, response: { 200: v1LegalChange } },
  },
  getEffects: {
    method: 'GET',
    url: '/api/v1/legal-changes/:id/effects',
    operationId: 'getEffects',
    tag: 'Legal changes',
    summary: 'Changes later legislation made to this law (the latest 100), with links to the amending acts',
    scope: 'read',
    schema: { params: v1IdParams, response: { 200: v1Effects } },
  },
  search: {
    method: 'GET',
    url: '/api/v1/search',
    operationId: 'searchLegalChanges',
    tag: 'Search',
    summary: 'Full-text search over titles and descriptions, best matches first',
    scope: 'read',
    schema: { querystring: v1SearchQuery, response: { 200: v1SearchPage } },
  },
  listFollowed: {
    method: 'GET',
    url: '/api/v1/followed',
    operationId: 'listFollowed',
    tag: 'Followed',
    summary: 'The legal changes you follow, newest follow first',
    scope: 'read',
    schema: { querystring: v1PageQuery, response: { 200: v1FollowedPage } },
  },
  follow: {
    method: 'POST',
    url: '/api/v1/followed',
    operationId: 'followLegalChange',
    tag: 'Followed',
    summary: 'Follow a legal change (write scope; your plan’s follow limits apply)',
    scope: 'write',
    schema: { body: v1FollowBody, response: { 201: v1Followed } },
  },
  unfollow: {
    method: 'DELETE',
    url: '/api/v1/followed/:legalChangeId',
    operationId: 'unfollowLegalChange',
    tag: 'Followed',
    summary: 'Stop following a legal change (write scope)',
    scope: 'write',
    schema: { params: v1LegalChangeIdParams, response: {} },
    noContent: 204,
  },
  notifications: {
    method: 'GET',
    url: '/api/v1/notifications',
    operationId: 'listNotifications',
    tag: 'Notifications',
    summary: 'Your notifications, newest first',
    scope: 'read',
    schema: { querystring: v1PageQuery, response: { 200: v1NotificationPage } },
  },
} as const satisfies Record<string, V1Endpoint>;
