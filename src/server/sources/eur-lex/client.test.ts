import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildQuery, docTypeOfCelex, eurLexAdapter, sparqlResults } from './client';
import type { UpstreamClient } from '#server/sources/http';
import { itemDate } from '#shared/item-date';
import { keyInformation } from '#shared/key-information';

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../../test/fixtures/sources/eur-lex/${name}`, import.meta.url), 'utf8'),
  );

/** serves one parsed fixture to every request, as the replay server would */
const clientServing = (body: unknown, seen: string[] = []): UpstreamClient => ({
  name: 'eur_lex',
  baseUrl: 'http://sparql.test',
  urlFor: (path) => `http://sparql.test${path}`,
  getText: () => Promise.reject(new Error('not used')),
  getXml: () => Promise.reject(new Error('not used')),
  getJson: async (path, schema) => {
    seen.push(path);
    return schema.parse(body);
  },
});

describe('EUR-Lex through CELLAR SPARQL', () => {
  it('reads the document type from the CELEX number', () => {
    expect(docTypeOfCelex('32016R0679')).toBe('regulation');
    expect(docTypeOfCelex('32016L0680')).toBe('directive');
    expect(docTypeOfCelex('32019D1234')).toBe('decision');
    expect(docTypeOfCelex('52020PC0825')).toBeNull();
  });

  it('escapes quotes and backslashes in the words it searches for', () => {
    const query = buildQuery({ words: ['o"brien', 'a\\b'], docTypes: ['regulation'], limit: 20 });
    expect(query).toContain('CONTAINS(LCASE(STR(?title)), "o\\"brien")');
    expect(query).toContain('CONTAINS(LCASE(STR(?title)), "a\\\\b")');
    expect(query).toContain('resource-type/REG>');
    expect(query).toMatch(/LIMIT 20$/);
  });

  it('asks for titles in the member language when it is an EU language, English otherwise', () => {
    expect(buildQuery({ docTypes: ['directive'], language: 'fr', limit: 10 })).toContain('language/FRA>');
    expect(buildQuery({ docTypes: ['directive'], language: 'ar', limit: 10 })).not.toContain('?localTitle .');
  });

  it('maps the W3C results to search results, filtered to the asked type', async () => {
    const seen: string[] = [];
    const adapter = eurLexAdapter(
      clientServing(fixture('constructed-sparql-search-data-protection.json'), seen),
    );
    const found = await adapter.search('data protection', { docType: 'directive' });
    expect(found.results.map((r) => r.identifier)).toEqual(['32016L0680']);
    expect(seen[0]).toMatch(/^\?query=/);
  });

  it('a real answer with other variables (Formex items) yields no acts rather than failing', async () => {
    const body = fixture('cellar-sparql-fmx4-items-32008R1137.json');
    expect(sparqlResults.safeParse(body).success).toBe(true);
    const adapter = eurLexAdapter(clientServing(body));
    expect(await adapter.search('anything')).toEqual({ results: [], total: 0 });
  });
});

describe('an EU act as CELLAR states it', () => {
  it('32016R0679: date of document and entry into force, each by its name; no institution made up', async () => {
    const adapter = eurLexAdapter(clientServing(fixture('constructed-sparql-search-data-protection.json')));
    const { item, timeline } = await adapter.fetchItem('32016R0679');
    expect(item.enactmentDate).toBe('2016-04-27');
    expect(item.effectiveDate).toBe('2016-05-24');
    expect([item.currentStage, item.currentStageDate]).toEqual(['In force', '2016-05-24']);
    expect(item.governmentBodyName).toBeNull();
    expect(item.governmentBodyType).toBeNull();
    const card = Object.fromEntries(
      keyInformation({ ...item, jurisdictionId: 2 }).flatMap((e) =>
        e.value.kind === 'date' ? [[e.field, e.value.date]] : [],
      ),
    );
    expect(card).toEqual({ documentDate: '2016-04-27', comesIntoForce: '2016-05-24' });
    expect(timeline.map((e) => [e.title, e.eventDate])).toEqual([
      ['Date of document', '2016-04-27'],
      ['Entry into force', '2016-05-24'],
    ]);
  });

  it('an act no longer in force is not dated by its entry into force', () => {
    const body = fixture('constructed-sparql-search-data-protection.json');
    body.results.bindings[0].inForce.value = '0';
    return eurLexAdapter(clientServing(body))
      .fetchItem('32016R0679')
      .then(({ item }) => {
        expect([item.currentStage, item.currentStageDate]).toEqual(['No longer in force', null]);
        expect(itemDate(item)).toEqual({ itemDate: '2016-05-24', itemDateKind: 'coming_into_force' });
      });
  });
});
