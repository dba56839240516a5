/**
 * EUR-Lex through the Publications Office's CELLAR SPARQL endpoint (no key): regulations,
 * directives and decisions by words of their title, the newest directives, and one act by its
 * CELEX number. Titles in the member's language where CELLAR has them, English otherwise.
 */
import { z } from 'zod';
import type { UpstreamClient, UpstreamClientOptions } from '#server/sources/http';
import {
  internationalItem,
  InvalidIdentifierError,
  SourceItemNotFoundError,
  isoDay,
  timelineEvent,
  type InternationalBundle,
  type SourceAdapter,
} from '#server/sources/common/international';
import type { SourceResult } from '#shared/schemas/legal-sources';

export const EURLEX_CLIENT_DEFAULTS = {
  name: 'eur_lex',
  minIntervalMs: 500,
  timeoutMs: 30_000, // CELLAR is often slow
  maxRetries: 2,
  rateLimitBackoffMs: 60_000,
  canonicalBaseUrl: 'https://publications.europa.eu/webapi/rdf/sparql',
} satisfies Omit<UpstreamClientOptions, 'baseUrl' | 'userAgent'>;

/** W3C SPARQL 1.1 JSON results; Virtuoso sends typed literals as 'typed-literal' */
const term = z.object({
  type: z.enum(['uri', 'literal', 'typed-literal', 'bnode']),
  value: z.string(),
  datatype: z.string().optional(),
  'xml:lang': z.string().optional(),
});
export const sparqlResults = z.object({
  head: z.object({ vars: z.array(z.string()) }).passthrough(),
  results: z.object({ bindings: z.array(z.record(z.string(), term)) }).passthrough(),
});
type Binding = z.infer<typeof sparqlResults>['results']['bindings'][number];

export const CELEX = /^3\d{4}[RLD]\d{4}(?:\(\d{2}\))?$/;
const TYPES = { R: 'regulation', L: 'directive', D: 'decision' } as const;
const RESOURCE_TYPES = { regulation: 'REG', directive: 'DIR', decision: 'DEC' } as const;
const LEGISLATION_TYPES = {
  regulation: 'eu_regulation',
  directive: 'eu_directive',
  decision: 'eu_decision',
} as const;
/** interface languages that are EU languages, as CELLAR's language authority codes */
const LANGUAGES: Record<string, string> = {
  en: 'ENG',
  fr: 'FRA',
  de: 'DEU',
  es: 'SPA',
  it: 'ITA',
  pl: 'POL',
  pt: 'POR',
  nl: 'NLD',
};

type DocType = (typeof TYPES)[keyof typeof TYPES];

export const docTypeOfCelex = (celex: string): DocType | null =>
  TYPES[(/^3\d{4}([RLD])/.exec(celex)?.[1] ?? '') as keyof typeof TYPES] ?? null;

export const eurLexUrl = (celex: string) =>
  `https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:${encodeURIComponent(celex)}`;

/** a string literal for SPARQL: the query text is already limited to ordinary characters */
const literal = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

export function buildQuery(options: {
  words?: string[];
  celex?: string;
  docTypes: DocType[];
  language?: string;
  limit: number;
}): string {
  const lang = LANGUAGES[options.language ?? 'en'];
  const localTitle =
    lang && lang !== 'ENG'
      ? `OPTIONAL { ?exprL cdm:expression_belongs_to_work ?work ; cdm:expression_uses_language <http://publications.europa.eu/resource/authority/language/${lang}> ; cdm:expression_title ?localTitle . }`
      : '';
  const filters = [
    ...(options.words ?? []).map((w) => `CONTAINS(LCASE(STR(?title)), ${literal(w.toLowerCase())})`),
    ...(options.celex ? [`STR(?celex) = ${literal(options.celex)}`] : []),
  ];
  return [
    'PREFIX cdm: <http://publications.europa.eu/ontology/cdm#>',
    'SELECT DISTINCT ?celex ?title ?localTitle ?date ?inForce ?entryIntoForce ?eli WHERE {',
    `  VALUES ?rt { ${options.docTypes.map((t) => `<http://publications.europa.eu/resource/authority/resource-type/${RESOURCE_TYPES[t]}>`).join(' ')} }`,
    '  ?work cdm:work_has_resource-type ?rt ; cdm:resource_legal_id_celex ?celex ; cdm:work_date_document ?date .',
    '  ?expr cdm:expression_belongs_to_work ?work ; cdm:expression_uses_language <http://publications.europa.eu/resource/authority/language/ENG> ; cdm:expression_title ?title .',
    `  ${localTitle}`,
    '  OPTIONAL { ?work cdm:resource_legal_in-force ?inForce }',
    '  OPTIONAL { ?work cdm:resource_legal_date_entry-into-force ?entryIntoForce }',
    '  OPTIONAL { ?work cdm:resource_legal_eli ?eli }',
    filters.length ? `  FILTER(${filters.join(' && ')})` : '',
    '}',
    `ORDER BY DESC(?date) LIMIT ${options.limit}`,
  ]
    .filter(Boolean)
    .join('\n');
}

interface Act {
  celex: string;
  docType: DocType;
  title: string;
  englishTitle: string;
  date: string | null;
  inForce: boolean | null;
  entryIntoForce: string | null;
  url: string;
}

function actOf(binding: Binding): Act | null {
  const celex = binding.celex?.value.replace(/^celex:/i, '');
  const docType = celex ? docTypeOfCelex(celex) : null;
  const englishTitle = binding.title?.value.trim();
  if (!celex || !docType || !englishTitle) return null;
  const force = binding.inForce?.value;
  return {
    celex,
    docType,
    title: binding.localTitle?.value.trim() || englishTitle,
    englishTitle,
    date: isoDay(binding.date?.value),
    inForce: force === undefined ? null : force === '1' || force === 'true',
    entryIntoForce: isoDay(binding.entryIntoForce?.value),
    url: binding.eli?.value.startsWith('http') ? binding.eli.value : eurLexUrl(celex),
  };
}

/** one row per CELEX (a work can carry several titles or ELIs) */
function actsOf(results: z.infer<typeof sparqlResults>): Act[] {
  const seen = new Map<string, Act>();
  for (const binding of results.results.bindings) {
    const act = actOf(binding);
    if (act && !seen.has(act.celex)) seen.set(act.celex, act);
  }
  return [...seen.values()];
}

const label = (t: DocType) => t.charAt(0).toUpperCase() + t.slice(1);

const toResult = (act: Act): SourceResult => ({
  title: act.title,
  date: act.date,
  type: label(act.docType),
  identifier: act.celex,
  url: act.url,
  jurisdiction: 'European Union',
  source: 'eu',
});

/**
 * One act as CELLAR states it: `work_date_document` is EUR-Lex's 'Date of document' (not a
 * publication), `resource_legal_date_entry-into-force` its 'Date of entry into force', and
 * `resource_legal_in-force` whether it is in force now (a date of its end is not read, so none is
 * given). The query reads no author, so no institution is named.
 */
export function mapEuAct(act: Act): InternationalBundle {
  const item = internationalItem({
    source: 'eur_lex',
    upstreamId: act.celex,
    title: act.englishTitle,
    legislationType: LEGISLATION_TYPES[act.docType],
    jurisdictionId: 2,
    status: 'enacted',
    officialUrl: act.url,
    legislationNumber: act.celex,
    legislationYear: Number(act.celex.slice(1, 5)),
    currentStage: act.inForce === false ? 'No longer in force' : act.inForce ? 'In force' : null,
    currentStageDate: act.inForce ? act.entryIntoForce : null,
    // the key information's 'Date of document' (src/shared/key-information.ts)
    enactmentDate: act.date,
    effectiveDate: act.entryIntoForce,
  });
  const timeline = [
    timelineEvent('adopted', 'Date of document', act.date, 'enacted', 1, {
      sourceUrl: act.url,
      sourceName: 'EUR-Lex',
    }),
  ];
  if (act.entryIntoForce)
    timeline.push(timelineEvent('entry-into-force', 'Entry into force', act.entryIntoForce, 'effective', 2));
  return { item, timeline };
}

export function eurLexAdapter(client: UpstreamClient): SourceAdapter {
  const run = async (query: string) =>
    actsOf(
      await client.getJson(
        `?query=${encodeURIComponent(query)}&format=${encodeURIComponent('application/sparql-results+json')}`,
        sparqlResults,
        { accept: 'application/sparql-results+json' },
      ),
    );
  return {
    async search(text, options = {}) {
      const docTypes: DocType[] = options.docType
        ? [options.docType as DocType]
        : ['regulation', 'directive', 'decision'];
      const words = text
        .split(/\s+/)
        .filter((w) => w.length > 1)
        .slice(0, 8);
      const acts = (await run(buildQuery({ words, docTypes, language: options.language, limit: 20 }))).filter(
        (a) => docTypes.includes(a.docType),
      );
      return { results: acts.map(toResult), total: acts.length };
    },
    async recent() {
      const acts = await run(buildQuery({ docTypes: ['directive'], limit: 10 }));
      return acts
        .filter((a) => a.docType === 'directive')
        .slice(0, 10)
        .map(toResult);
    },
    async fetchItem(identifier) {
      const celex = identifier.trim().toUpperCase();
      if (!CELEX.test(celex))
        throw new InvalidIdentifierError(identifier, 'a CELEX number such as 32016R0679');
      const act = (
        await run(buildQuery({ celex, docTypes: ['regulation', 'directive', 'decision'], limit: 5 }))
      ).find((a) => a.celex === celex);
      if (!act) throw new SourceItemNotFoundError(celex);
      return mapEuAct(act);
    },
  };
}
