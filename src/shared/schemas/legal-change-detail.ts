/**
 * Contracts of the legal change page's tabs: timeline, documents, amendments, AI overview
 * and news (spec document 2, sections 3 and 7). Each schema is exported beside its type.
 */
import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
const nullableDate = isoDate.nullable();

/** GET /api/legal-changes/:id/timeline: one element of the list, newest first. */
export const timelineEventSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  eventDate: nullableDate,
  /** proposed | consultation_started | consultation_ended | enacted | effective | amended | other */
  eventType: z.string(),
  /** 'Commons' | 'Lords' | null */
  house: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  sourceName: z.string().nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;
export const timelineSchema = z.array(timelineEventSchema);

/** GET /api/legal-changes/:id/documents */
export const documentSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** bill | act | regulation | guidance | consultation | impact_assessment | other */
  documentType: z.string(),
  /** 'PDF', 'HTML', … */
  fileFormat: z.string().nullable(),
  /** bytes */
  fileSize: z.number().nullable(),
  publishedDate: nullableDate,
  description: z.string().nullable(),
  fileUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
});
export type Document = z.infer<typeof documentSchema>;
export const documentListSchema = z.array(documentSchema);

/** GET /api/legal-changes/:id/amendments: newest stage first, then by amendment number. */
export const amendmentSchema = z.object({
  id: z.number(),
  amendmentNumber: z.string().nullable(),
  /** the decision: 'Agreed', 'NoDecision', 'Withdrawn', … */
  status: z.string().nullable(),
  amendmentType: z.string().nullable(),
  house: z.string().nullable(),
  leadSponsor: z.string().nullable(),
  leadSponsorParty: z.string().nullable(),
  clause: z.string().nullable(),
  amendmentText: z.string().nullable(),
  explanatoryText: z.string().nullable(),
  /** the bill stage the amendment was tabled at, e.g. 'Committee stage' */
  stageName: z.string().nullable(),
  stageDate: nullableDate,
  stageDateFrom: nullableDate,
  datePublished: nullableDate,
  officialUrl: z.string().nullable(),
});
export type Amendment = z.infer<typeof amendmentSchema>;
export const amendmentListSchema = z.array(amendmentSchema);

export const stakeholderImpactSchema = z.object({ category: z.string(), impact: z.string() });
export type StakeholderImpact = z.infer<typeof stakeholderImpactSchema>;

/** The sections of an overview, whoever wrote them. */
export const analysisContentSchema = z.object({
  executiveSummary: z.string(),
  currentStatus: z.string(),
  nextSteps: z.string(),
  keyProvisions: z.array(z.string()),
  stakeholderImpact: z.array(stakeholderImpactSchema),
  politicalContext: z.string(),
  expertCommentary: z.string(),
  relatedDevelopments: z.array(z.string()),
});
export type AnalysisContent = z.infer<typeof analysisContentSchema>;

export const ANALYSIS_PROVIDERS = ['official-records', 'ai'] as const;
export type AnalysisProviderName = (typeof ANALYSIS_PROVIDERS)[number];

/** GET and POST /api/legal-changes/:id/ai-overview */
export const aiOverviewSchema = analysisContentSchema.extend({
  /** absolute URLs of the official pages the overview was made from */
  sources: z.array(z.string()),
  /** ISO date-time the overview was generated */
  lastUpdated: z.string(),
  provider: z.enum(ANALYSIS_PROVIDERS),
  /** a label to show, naming the item's own source, e.g. 'Generated from official records (legislation.gov.uk)' */
  generatedFrom: z.string(),
  /** the language the overview is written in */
  language: z.enum(LANGUAGE_CODES),
});
export type AIOverview = z.infer<typeof aiOverviewSchema>;

/**
 * Query of GET and POST /api/legal-changes/:id/ai-overview: the language to write it in (the
 * interface language); without it, the member's saved language, else the browser's.
 */
export const aiOverviewQuerySchema = z.object({ language: z.enum(LANGUAGE_CODES).optional() });
export type AIOverviewQuery = z.infer<typeof aiOverviewQuerySchema>;

/** One article of a NewsResult. */
export const newsArticleSchema = z.object({
  /** publisher shown on the card, e.g. 'UK Parliament' or a GOV.UK organisation */
  source: z.string(),
  /** ISO date-time, or null when the publisher gives none */
  publishedDate: z.string().nullable(),
  url: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  /** 0..1: how closely the article matches the item (5 dots and a percent) */
  relevanceScore: z.number().min(0).max(1),
  favicon: z.string().nullable(),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

/** GET /api/legal-changes/:id/news */
export const newsResultSchema = z.object({
  articles: z.array(newsArticleSchema),
  /** ISO date-time of the last fetch attempt, null before the first */
  lastUpdated: z.string().nullable(),
  searchQuery: z.string(),
  /** present when the last fetch failed everywhere; the articles are then the cached ones */
  error: z.string().optional(),
});
export type NewsResult = z.infer<typeof newsResultSchema>;

/** `?refresh=true` asks for a fresh fetch (signed-in members; rate limited). */
export const newsQuerySchema = z.object({
  refresh: z
    .enum(['true', 'false', '1', '0'], { message: "must be 'true' or 'false'" })
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});
export type NewsQuery = z.infer<typeof newsQuerySchema>;

/** GET /api/legal-changes/{id}/effects: changes recorded on this law by later legislation */
export const effectSchema = z.object({
  id: z.number(),
  /** as recorded: 'words substituted', 'repealed', 'inserted', 'coming into force', … */
  type: z.string(),
  affectedProvisions: z.string().nullable(),
  affectingTitle: z.string().nullable(),
  /** the amending instrument on legislation.gov.uk */
  affectingUrl: z.string().nullable(),
  affectingProvisions: z.string().nullable(),
  applied: z.boolean(),
  inForceDate: z.string().nullable(),
  modifiedAt: z.string().nullable(),
  /** the redline of the provision it affects, between the versions before and after it, when resolvable */
  diffPath: z.string().nullable(),
});
export type Effect = z.infer<typeof effectSchema>;

/** An instrument legislation.gov.uk records as bringing provisions of this law into force. */
export const commencingInstrumentSchema = z.object({
  title: z.string().nullable(),
  /** its page on legislation.gov.uk */
  url: z.string().nullable(),
  /** how many 'coming into force' effects of it are recorded on this law */
  provisions: z.number(),
  /** the earliest and latest in-force dates those effects state (null: none stated) */
  firstInForce: z.string().nullable(),
  lastInForce: z.string().nullable(),
});
export type CommencingInstrument = z.infer<typeof commencingInstrumentSchema>;

/** The law's commencement as its recorded effects state it: the instruments, latest first. */
export const commencementSchema = z.object({
  instruments: z.array(commencingInstrumentSchema),
  /** how many commencing instruments are recorded (the list holds the latest five) */
  total: z.number(),
});
export type Commencement = z.infer<typeof commencementSchema>;

export const effectListSchema = z.object({
  effects: z.array(effectSchema),
  total: z.number(),
  /** null when no 'coming into force' effect is recorded on this law */
  commencement: commencementSchema.nullable(),
  /** when the service last read this item's effects from legislation.gov.uk (a time it recorded; null: never) */
  checkedAt: z.string().nullable(),
});
export type EffectList = z.infer<typeof effectListSchema>;
