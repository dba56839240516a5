/**
 * Canada's Justice Laws Website (no key): the index of every consolidated federal Act and
 * regulation (`Legis.xml`, ~5 MB, read at most every few hours) and one instrument's XML
 * (`{id}.xml`, UTF-8 with a byte-order mark). The newest regulations by registration number
 * are its recent list; an instrument's `lims:lastAmendedDate` is its change signal.
 */
import type { UpstreamClient, UpstreamClientOptions, XmlNode } from '#server/sources/http';
import { parseXmlDocument } from '#server/sources/http';
import { attr, child, children, textOf } from '#server/sources/legislation-gov-uk/xml';
import {
  internationalItem,
  InvalidIdentifierError,
  isoDay,
  matchesWords,
  SourceItemNotFoundError,
  timelineEvent,
  type InternationalBundle,
  type SourceAdapter,
} from '#server/sources/common/international';
import type { SourceResult } from '#shared/schemas/legal-sources';

export const JUSTICE_LAWS_CLIENT_DEFAULTS = {
  name: 'canada_justice_laws',
  minIntervalMs: 1000,
  timeoutMs: 60_000, // the index is large
  maxRetries: 2,
  rateLimitBackoffMs: 60_000,
  canonicalBaseUrl: 'https://laws-lois.justice.gc.ca/eng/XML',
} satisfies Omit<UpstreamClientOptions, 'baseUrl' | 'userAgent'>;

interface IndexEntry {
  id: string;
  number: string;
  title: string;
  kind: 'act' | 'regulation';
}

const ID = /^[A-Z0-9][A-Za-z0-9.,_-]{0,60}$/;
const INDEX_CACHE_MS = 6 * 60 * 60_000;

const htmlUrl = (e: Pick<IndexEntry, 'id' | 'kind'>) =>
  `https://laws-lois.justice.gc.ca/eng/${e.kind === 'act' ? 'acts' : 'regulations'}/${e.id}/index.html`;

async function readXml(client: UpstreamClient, path: string): Promise<XmlNode> {
  const { text, url } = await client.getText(path, { accept: 'application/xml' });
  return parseXmlDocument(text.replace(/^\uFEFF/, ''), url);
}

function entriesOf(doc: XmlNode): IndexEntry[] {
  const list = child(doc, 'ActsRegsList');
  const read = (node: XmlNode, kind: IndexEntry['kind']): IndexEntry | null => {
    const id = textOf(child(node, 'UniqueId'));
    const title = textOf(child(node, 'Title'));
    if (!id || !title || (textOf(child(node, 'Language')) ?? 'eng') !== 'eng') return null;
    return { id, number: textOf(child(node, 'OfficialNumber')) ?? id, title, kind };
  };
  return [
    ...children(child(list, 'Acts'), 'Act').map((n) => read(n, 'act')),
    ...children(child(list, 'Regulations'), 'Regulation').map((n) => read(n, 'regulation')),
  ].filter((e): e is IndexEntry => e !== null);
}

const toResult = (e: IndexEntry): SourceResult => ({
  title: e.title,
  date: null,
  type: e.kind === 'act' ? `Act (${e.number})` : `Regulation (${e.number})`,
  identifier: e.id,
  url: htmlUrl(e),
  jurisdiction: 'Canada',
  source: 'canada-justice-laws',
});

/** '…/2026-79' → [2026, 79], for newest-first ordering of regulations */
const registration = (number: string) => {
  const m = /(\d{4})-(\d+)$/.exec(number);
  return m ? Number(m[1]) * 100_000 + Number(m[2]) : 0;
};

const ymd = (node: XmlNode | null) => {
  const d = child(node, 'Date');
  const [y, m, day] = ['YYYY', 'MM', 'DD'].map((k) => textOf(child(d, k)));
  return y && m && day ? `${y}-${m.padStart(2, '0')}-${day.padStart(2, '0')}` : null;
};

/** the date of a stage of the Act's bill history ('assented-to'), as the source records it */
const billStageDate = (ident: XmlNode | null, stage: string) =>
  ymd(children(child(ident, 'BillHistory'), 'Stages').find((n) => attr(n, 'stage') === stage) ?? null);

/**
 * One consolidated instrument as the Justice Laws Website states it: a regulation's
 * `RegistrationDate` (registered), an Act's bill history (assented to) and the day the
 * consolidation was last amended (`lims:lastAmendedDate`). `lims:inforce-start-date` on the
 * whole instrument is when its consolidated version took effect, not when the instrument came
 * into force, so it is not given as such.
 */
export function mapJusticeLawsInstrument(id: string, doc: XmlNode): InternationalBundle {
  const root = (child(doc, 'Statute') ?? child(doc, 'Regulation'))!;
  const kind: IndexEntry['kind'] = child(doc, 'Statute') ? 'act' : 'regulation';
  const ident = child(root, 'Identification');
  const longTitle = textOf(child(ident, 'LongTitle'));
  const title = textOf(child(ident, 'ShortTitle')) ?? longTitle ?? id;
  const number =
    textOf(child(ident, 'InstrumentNumber')) ?? textOf(child(child(ident, 'Chapter'), 'ConsolidatedNumber'));
  const amended = isoDay(attr(root, 'lims:lastAmendedDate'));
  const registered = kind === 'regulation' ? ymd(child(ident, 'RegistrationDate')) : null;
  const assented = kind === 'act' ? billStageDate(ident, 'assented-to') : null;
  const item = internationalItem({
    source: 'canada_justice_laws',
    upstreamId: id,
    title,
    longTitle,
    legislationType: kind === 'act' ? 'ca_act' : 'ca_regulation',
    jurisdictionId: 4,
    status: 'enacted',
    officialUrl: htmlUrl({ id, kind }),
    legislationNumber: number,
    currentStage: amended ? 'Last amended' : null,
    currentStageDate: amended,
    // the key information's 'Registered' or 'Royal Assent' (src/shared/key-information.ts)
    enactmentDate: registered ?? assented,
    enabledBy: textOf(child(ident, 'EnablingAuthority')),
  });
  const timeline = [];
  if (assented) timeline.push(timelineEvent('assented-to', 'Assented to', assented, 'enacted', 1));
  if (registered) timeline.push(timelineEvent('registered', 'Registered', registered, 'enacted', 1));
  if (amended)
    timeline.push(
      timelineEvent(`amended:${amended}`, 'Last amended', amended, 'amended', 2, {
        sourceUrl: htmlUrl({ id, kind }),
        sourceName: 'Justice Laws Website',
      }),
    );
  return { item, timeline };
}

export function justiceLawsAdapter(client: UpstreamClient): SourceAdapter {
  let cached: { at: number; entries: IndexEntry[] } | null = null;
  const index = async () => {
    if (cached && Date.now() - cached.at < INDEX_CACHE_MS) return cached.entries;
    const entries = entriesOf(await readXml(client, '/Legis.xml'));
    cached = { at: Date.now(), entries };
    return entries;
  };
  return {
    async search(query) {
      const hits = (await index()).filter((e) => matchesWords(query, e.title, e.number));
      return { results: hits.slice(0, 20).map(toResult), total: hits.length };
    },
    async recent() {
      return (await index())
        .filter((e) => e.kind === 'regulation')
        .sort((a, b) => registration(b.number) - registration(a.number))
        .slice(0, 10)
        .map(toResult);
    },
    async fetchItem(identifier) {
      const id = identifier.trim();
      if (!ID.test(id))
        throw new InvalidIdentifierError(identifier, 'a Justice Laws id such as S-22 or SOR-2026-79');
      let doc: XmlNode;
      try {
        doc = await readXml(client, `/${encodeURIComponent(id)}.xml`);
      } catch (error) {
        if ((error as { status?: number }).status === 404) throw new SourceItemNotFoundError(identifier);
        throw error;
      }
      if (!child(doc, 'Statute') && !child(doc, 'Regulation')) throw new SourceItemNotFoundError(identifier);
      return mapJusticeLawsInstrument(id, doc);
    },
  };
}
