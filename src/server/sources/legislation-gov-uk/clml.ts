/**
 * Item metadata from a CLML document (`/{type}/{year}/{number}/data.xml`): the `Legislation`
 * root's attributes and `ukm:Metadata` (Dublin Core + Primary/Secondary/EU metadata).
 * A fragment (e.g. one regulation) carries the whole item's metadata too.
 */
import { UpstreamError, type XmlNode } from '#server/sources/http';
import type { AlternativeNumber } from './feed';
import { attr, child, children, isoDate, textOf, valueOf } from './xml';

export interface LaidDate {
  date: string;
  /** e.g. UnitedKingdomParliament, ScottishParliament */
  house: string | null;
}

export interface ComingIntoForce {
  date: string | null;
  /** when the instrument gives no date, e.g. 'in accordance with article 1' */
  text: string | null;
}

export interface ClmlMetadata {
  documentUri: string | null;
  idUri: string | null;
  /** 0 for a PDF-only item */
  numberOfProvisions: number | null;
  restrictExtent: string | null;
  /** root Status, e.g. 'Prospective' */
  status: string | null;
  title: string | null;
  description: string | null;
  publisher: string | null;
  modified: string | null;
  language: string | null;
  /** dc:subject scheme="SIheading" values */
  subjects: string[];
  category: string | null;
  mainType: string | null;
  /** draft | final | revised | proposed */
  documentStatus: string | null;
  /** e.g. regulation, order, rule */
  minorType: string | null;
  year: number | null;
  number: string | null;
  alternativeNumbers: AlternativeNumber[];
  isbn: string | null;
  enactmentDate: string | null;
  madeDate: string | null;
  laid: LaidDate[];
  comingIntoForce: ComingIntoForce[];
  siftedDate: string | null;
  supersedes: string[];
}

const METADATA_BLOCKS = ['ukm:PrimaryMetadata', 'ukm:SecondaryMetadata', 'ukm:EUMetadata'];

function comingIntoForceOf(block: XmlNode | null): ComingIntoForce[] {
  return children(block, 'ukm:ComingIntoForce').flatMap((entry): ComingIntoForce[] => {
    const dated = children(entry, 'ukm:DateTime')
      .map((dateTime) => isoDate(attr(dateTime, 'Date')))
      .filter((date): date is string => date !== null);
    const own = isoDate(attr(entry, 'Date'));
    if (own) dated.push(own);
    if (dated.length > 0) return dated.map((date) => ({ date, text: null }));
    const text = textOf(entry);
    return text ? [{ date: null, text }] : [];
  });
}

export function parseClmlMetadata(doc: XmlNode, url: string): ClmlMetadata {
  const root = child(doc, 'Legislation');
  const metadata = child(root, 'ukm:Metadata');
  if (!root || !metadata) {
    const message = `Expected a CLML Legislation document with ukm:Metadata from ${url}`;
    throw new UpstreamError('schema_mismatch', url, message);
  }
  const block = METADATA_BLOCKS.map((name) => child(metadata, name)).find((found) => found !== null) ?? null;
  const classification = child(block, 'ukm:DocumentClassification');
  const year = valueOf(block, 'ukm:Year');
  const provisions = attr(root, 'NumberOfProvisions');
  return {
    documentUri: attr(root, 'DocumentURI'),
    idUri: attr(root, 'IdURI'),
    numberOfProvisions: provisions && /^\d+$/.test(provisions) ? Number(provisions) : null,
    restrictExtent: attr(root, 'RestrictExtent'),
    status: attr(root, 'Status'),
    title: textOf(child(metadata, 'dc:title')),
    description: textOf(child(metadata, 'dc:description')),
    publisher: textOf(child(metadata, 'dc:publisher')),
    modified: isoDate(textOf(child(metadata, 'dc:modified'))),
    language: textOf(child(metadata, 'dc:language')),
    subjects: children(metadata, 'dc:subject')
      .filter((subject) => (attr(subject, 'scheme') ?? 'SIheading') === 'SIheading')
      .map((subject) => textOf(subject))
      .filter((subject): subject is string => subject !== null),
    category: valueOf(classification, 'ukm:DocumentCategory'),
    mainType: valueOf(classification, 'ukm:DocumentMainType'),
    documentStatus: valueOf(classification, 'ukm:DocumentStatus'),
    minorType: valueOf(classification, 'ukm:DocumentMinorType'),
    year: year && /^\d{4}$/.test(year) ? Number(year) : null,
    number: valueOf(block, 'ukm:Number'),
    alternativeNumbers: children(block, 'ukm:AlternativeNumber')
      .map((n) => ({ category: attr(n, 'Category') ?? '', value: attr(n, 'Value') ?? '' }))
      .filter((n) => n.value !== ''),
    isbn: valueOf(block, 'ukm:ISBN'),
    enactmentDate: isoDate(valueOf(block, 'ukm:EnactmentDate', 'Date')),
    madeDate: isoDate(valueOf(block, 'ukm:Made', 'Date')),
    laid: children(block, 'ukm:Laid')
      .map((laid) => ({ date: isoDate(attr(laid, 'Date')), house: attr(laid, 'Class') }))
      .filter((laid): laid is LaidDate => laid.date !== null),
    comingIntoForce: comingIntoForceOf(block),
    siftedDate: isoDate(valueOf(block, 'ukm:Sifted', 'Date')),
    supersedes: children(block, 'ukm:Supersedes')
      .map((s) => attr(s, 'URI') ?? attr(s, 'Value') ?? textOf(s))
      .filter((s): s is string => s !== null),
  };
}
