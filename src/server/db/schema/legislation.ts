import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { ITEM_DATE_KINDS } from '#shared/item-date';
import { createdAt, ts, tsvector, updatedAt } from './columns';
import { jurisdictions, lawAreas } from './reference';

const d = (name: string) => date(name, { mode: 'string' });

/** A legislation item: a bill, an Act, a statutory instrument or a draft. */
export const legalChanges = pgTable(
  'legal_changes',
  {
    id: serial('id').primaryKey(),
    source: text('source').notNull(),
    upstreamId: text('upstream_id').notNull(),
    title: text('title').notNull(),
    longTitle: text('long_title'),
    description: text('description'),
    category: text('category', { enum: ['primary', 'secondary'] }).notNull(),
    legislationType: text('legislation_type').notNull(),
    status: text('status').notNull().default('proposed'),
    jurisdictionId: integer('jurisdiction_id')
      .notNull()
      .default(1)
      .references(() => jurisdictions.id),
    lawAreaId: integer('law_area_id').references(() => lawAreas.id),
    parliamentarySession: text('parliamentary_session'),
    currentHouse: text('current_house'),
    currentStage: text('current_stage'),
    currentStageDate: d('current_stage_date'),
    currentStageShowFrom: d('current_stage_show_from'),
    scottishBillReference: text('scottish_bill_reference'),
    shortName: text('short_name'),
    thirdPartyOrganisation: text('third_party_organisation'),
    legislationYear: integer('legislation_year'),
    legislationNumber: text('legislation_number'),
    isbn: text('isbn'),
    siNumber: text('si_number'),
    departmentName: text('department_name'),
    procedureName: text('procedure_name'),
    enabledBy: text('enabled_by'),
    governmentBodyName: text('government_body_name'),
    governmentBodyType: text('government_body_type'),
    officialUrl: text('official_url'),
    subject: text('subject'),
    isDraft: boolean('is_draft').notNull().default(false),
    supersedes: text('supersedes'),
    withdrawn: boolean('withdrawn').notNull().default(false),
    defeated: boolean('defeated').notNull().default(false),
    consultationStartDate: d('consultation_start_date'),
    consultationEndDate: d('consultation_end_date'),
    proposedDate: d('proposed_date'),
    enactmentDate: d('enactment_date'),
    effectiveDate: d('effective_date'),
    dateLaid: d('date_laid'),
    madeDate: d('made_date'),
    /** the best legal date the source states (src/shared/item-date.ts), kept by the writer; null when none */
    itemDate: d('item_date'),
    /** what happened on item_date (ITEM_DATE_KINDS) */
    itemDateKind: text('item_date_kind', { enum: ITEM_DATE_KINDS }),
    /** the lists' date sort key: item_date, the undated last when newest first */
    itemSortDate: d('item_sort_date')
      .notNull()
      .generatedAlwaysAs(sql`COALESCE(item_date, DATE '0001-01-01')`),
    /** the date of the bundled snapshot the item is as, until a live sync refreshes it */
    snapshotTakenAt: d('snapshot_taken_at'),
    lastUpdatedDate: ts('last_updated_date'),
    /** sha256 of the mapped upstream record: an unchanged re-sync writes nothing */
    contentHash: text('content_hash'),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(long_title, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
  },
  (t) => [
    unique('legal_changes_source_upstream_uq').on(t.source, t.upstreamId),
    index('legal_changes_date_idx').on(t.itemSortDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('legal_changes_category_date_idx').on(
      t.category,
      t.itemSortDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('legal_changes_juris_category_date_idx').on(
      t.jurisdictionId,
      t.category,
      t.itemSortDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('legal_changes_title_idx').on(sql`lower(${t.title})`, t.id),
    index('legal_changes_category_title_idx').on(t.category, sql`lower(${t.title})`, t.id),
    index('legal_changes_type_idx').on(t.legislationType),
    index('legal_changes_consultation_end_idx').on(t.consultationEndDate),
    index('legal_changes_enactment_idx').on(t.enactmentDate),
    index('legal_changes_search_idx').using('gin', t.search),
    index('legal_changes_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

export const timelineEvents = pgTable(
  'timeline_events',
  {
    id: serial('id').primaryKey(),
    legalChangeId: integer('legal_change_id')
      .notNull()
      .references(() => legalChanges.id, { onDelete: 'cascade' }),
    upstreamId: text('upstream_id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    eventDate: d('event_date'),
    eventType: text('event_type').notNull().default('other'),
    house: text('house'),
    sourceUrl: text('source_url'),
    sourceName: text('source_name'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('timeline_events_item_upstream_uq').on(t.legalChangeId, t.upstreamId)],
);

export const amendments = pgTable(
  'amendments',
  {
    id: serial('id').primaryKey(),
    legalChangeId: integer('legal_change_id')
      .notNull()
      .references(() => legalChanges.id, { onDelete: 'cascade' }),
    upstreamId: text('upstream_id').notNull(),
    billStageId: text('bill_stage_id'),
    amendmentNumber: text('amendment_number'),
    status: text('status'),
    amendmentType: text('amendment_type'),
    house: text('house'),
    leadSponsor: text('lead_sponsor'),
    leadSponsorParty: text('lead_sponsor_party'),
    clause: text('clause'),
    amendmentText: text('amendment_text'),
    explanatoryText: text('explanatory_text'),
    stageName: text('stage_name'),
    stageDate: d('stage_date'),
    stageDateFrom: d('stage_date_from'),
    datePublished: d('date_published'),
    officialUrl: text('official_url'),
    contentHash: text('content_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('amendments_item_upstream_uq').on(t.legalChangeId, t.upstreamId)],
);

export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    legalChangeId: integer('legal_change_id')
      .notNull()
      .references(() => legalChanges.id, { onDelete: 'cascade' }),
    upstreamId: text('upstream_id').notNull(),
    title: text('title').notNull(),
    documentType: text('document_type').notNull().default('other'),
    fileFormat: text('file_format'),
    fileSize: bigint('file_size', { mode: 'number' }),
    publishedDate: d('published_date'),
    description: text('description'),
    fileUrl: text('file_url'),
    downloadUrl: text('download_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('documents_item_upstream_uq').on(t.legalChangeId, t.upstreamId)],
);

/** The stored analysis of one item, with its provider and sources. */
export const aiOverviews = pgTable(
  'ai_overviews',
  {
    legalChangeId: integer('legal_change_id')
      .notNull()
      .references(() => legalChanges.id, { onDelete: 'cascade' }),
    /** the language it is written in (one analysis per item and language) */
    language: text('language').notNull().default('en'),
    provider: text('provider').notNull(),
    model: text('model'),
    content: jsonb('content').notNull(),
    sources: jsonb('sources').$type<string[]>().notNull().default([]),
    /** hash of the official data the analysis was made from; a change makes it stale */
    inputHash: text('input_hash'),
    generatedAt: ts('generated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'ai_overviews_pkey', columns: [t.legalChangeId, t.language] })],
);

/** Per-item news search state (the admin's News Cache). */
export const newsCaches = pgTable(
  'news_caches',
  {
    id: serial('id').primaryKey(),
    legalChangeId: integer('legal_change_id')
      .notNull()
      .unique()
      .references(() => legalChanges.id, { onDelete: 'cascade' }),
    searchQuery: text('search_query').notNull(),
    fetchSuccess: boolean('fetch_success').notNull().default(false),
    historic: boolean('historic').notNull().default(false),
    newArticlesCount: integer('new_articles_count').notNull().default(0),
    updatedArticlesCount: integer('updated_articles_count').notNull().default(0),
    totalArticlesCount: integer('total_articles_count').notNull().default(0),
    jurisdiction: text('jurisdiction').notNull().default('UK'),
    errorMessage: text('error_message'),
    lastFetched: ts('last_fetched'),
    nextFetch: ts('next_fetch'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('news_caches_next_fetch_idx').on(t.nextFetch)],
);

export const newsArticles = pgTable(
  'news_articles',
  {
    id: serial('id').primaryKey(),
    legalChangeId: integer('legal_change_id')
      .notNull()
      .references(() => legalChanges.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    title: text('title').notNull(),
    summary: text('summary'),
    source: text('source').notNull(),
    favicon: text('favicon'),
    provider: text('provider').notNull(),
    publishedDate: ts('published_date'),
    relevanceScore: real('relevance_score').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('news_articles_item_url_uq').on(t.legalChangeId, t.url),
    index('news_articles_updated_idx').on(t.updatedAt),
  ],
);

/** Search terms used to find news for an item (admin "Search Terms"). */
export const newsSearchTerms = pgTable('news_search_terms', {
  legalChangeId: integer('legal_change_id')
    .primaryKey()
    .references(() => legalChanges.id, { onDelete: 'cascade' }),
  official: text('official').notNull(),
  alternatives: jsonb('alternatives').$type<string[]>().notNull().default([]),
  generatedAt: ts('generated_at').notNull().defaultNow(),
});
