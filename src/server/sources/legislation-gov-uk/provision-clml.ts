/**
 * One provision of a legislation.gov.uk item at one point in time, read from its CLML
 * (`/{item}/{provision}/{version}/data.xml`): its numbered paragraphs in document order with
 * their words as written, the annotations (`Commentary`) they point to, and the versions the
 * document names (`hasVersion` links). Mixed content (words around `<Addition>`) needs the
 * document order, so this reads with an order-preserving parser.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { SAFE_XML_OPTIONS, UpstreamError } from '#server/sources/http';

/** A numbered paragraph: '45', '(2)', '(2)(ea)', '(2A)'. */
export interface ClmlBlock {
  number: string;
  /** its own words (not those of the paragraphs below it), whitespace collapsed */
  text: string;
  /** ids of the annotations its number and words point to */
  refs: string[];
}

export interface ClmlNote {
  id: string;
  /** 'F' amendments, 'I' commencement, 'C' modifications, 'M' marginal citations, … */
  type: string;
  text: string;
  by: string | null;
  inForce: string | null;
}

export interface ClmlProvision {
  title: string | null;
  /** `dct:valid`: the day this version took effect, when given */
  validFrom: string | null;
  prospective: boolean;
  /** the labels of the `hasVersion` links: 'enacted', '2018-05-25', 'current', … */
  versionLabels: string[];
  blocks: ClmlBlock[];
  notes: ClmlNote[];
}

type ONode = Record<string, unknown>;

// the words and their spacing as written, in document order
const parser = new XMLParser({ ...SAFE_XML_OPTIONS, preserveOrder: true, trimValues: false });

const tagOf = (node: ONode) => Object.keys(node).find((key) => key !== ':@') ?? '';
const kids = (node: ONode): ONode[] => {
  const value = node[tagOf(node)];
  return Array.isArray(value) ? (value as ONode[]) : [];
};
const attrOf = (node: ONode, name: string): string | null => {
  const value = (node[':@'] as Record<string, unknown> | undefined)?.[`@_${name}`];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** All the words inside a node, in order, as written. */
function rawText(node: ONode): string {
  const tag = tagOf(node);
  if (tag === '#text') return String(node['#text'] ?? '');
  if (tag === 'FootnoteRef' || tag === 'CommentaryRef') return '';
  return kids(node).map(rawText).join('');
}

/** Every annotation id a node and its descendants point to. */
function refsOf(node: ONode, into: Set<string>): Set<string> {
  const ref = attrOf(node, 'CommentaryRef') ?? (tagOf(node) === 'CommentaryRef' ? attrOf(node, 'Ref') : null);
  if (ref) into.add(ref);
  for (const k of kids(node)) refsOf(k, into);
  return into;
}

function find(nodes: ONode[], test: (n: ONode) => boolean): ONode | null {
  for (const n of nodes) {
    if (test(n)) return n;
    const inner = find(kids(n), test);
    if (inner) return inner;
  }
  return null;
}

function findAll(nodes: ONode[], test: (n: ONode) => boolean, into: ONode[] = []): ONode[] {
  for (const n of nodes) {
    if (test(n)) into.push(n);
    else findAll(kids(n), test, into);
  }
  return into;
}

const isNumbered = (tag: string) => /^P[1-7]$/.test(tag);
const numberOf = (path: string[]) =>
  path.length <= 1
    ? (path[0] ?? '')
    : path
        .slice(1)
        .map((n) => `(${n})`)
        .join('');

/** The provision's paragraphs in document order: each with its own words. */
function blocksOf(p1: ONode): ClmlBlock[] {
  const blocks: ClmlBlock[] = [];
  const visit = (node: ONode, path: string[]) => {
    const pnumber = kids(node).find((k) => tagOf(k) === 'Pnumber');
    const number = pnumber ? collapse(rawText(pnumber)) : '';
    const own = number ? [...path, number] : path;
    const texts: string[] = [];
    const refs = pnumber ? refsOf(pnumber, new Set()) : new Set<string>();
    const nested: ONode[] = [];
    const collect = (parent: ONode) => {
      for (const k of kids(parent)) {
        const tag = tagOf(k);
        if (tag === '#text' || tag === 'Pnumber' || tag === 'Title') continue;
        if (isNumbered(tag)) nested.push(k);
        else if (tag === 'Text' || tag === 'BlockAmendment' || tag === 'UnorderedList') {
          texts.push(rawText(k));
          refsOf(k, refs);
        } else collect(k);
      }
    };
    collect(node);
    const text = collapse(texts.join(' '));
    if (text || number) blocks.push({ number: numberOf(own), text, refs: [...refs] });
    for (const k of nested) visit(k, own);
  };
  visit(p1, []);
  return blocks;
}

const IN_FORCE = /\((\d{1,2})\.(\d{1,2})\.(\d{4})\)/;

function noteOf(node: ONode): ClmlNote | null {
  const id = attrOf(node, 'id');
  if (!id) return null;
  const citation = find(kids(node), (n) => tagOf(n) === 'Citation');
  const text = collapse(rawText(node));
  const date = IN_FORCE.exec(text);
  return {
    id,
    type: attrOf(node, 'Type') ?? '',
    text,
    by: citation ? (attrOf(citation, 'Title') ?? (collapse(rawText(citation)) || null)) : null,
    inForce: date ? `${date[3]}-${date[2]!.padStart(2, '0')}-${date[1]!.padStart(2, '0')}` : null,
  };
}

/** The CLML document of `provision` ('section/45'); throws UpstreamError on unreadable XML. */
export function parseProvisionClml(raw: string, url: string, provision: string): ClmlProvision | null {
  const validation = XMLValidator.validate(raw);
  if (validation !== true)
    throw new UpstreamError('invalid_xml', url, `Malformed XML from ${url}: ${validation.err.msg}`);
  const doc = parser.parse(raw) as ONode[];
  const id = provision.replace(/\//g, '-');
  const group = find(
    doc,
    (n) => tagOf(n) === 'P1group' && find(kids(n), (k) => attrOf(k, 'id') === id) !== null,
  );
  const p1 = find(group ? [group] : doc, (n) => tagOf(n) === 'P1' && attrOf(n, 'id') === id);
  if (!p1) return null;
  const title = group ? kids(group).find((k) => tagOf(k) === 'Title') : undefined;
  const links = findAll(
    doc,
    (n) => tagOf(n) === 'atom:link' && attrOf(n, 'rel') === 'http://purl.org/dc/terms/hasVersion',
  );
  const valid = find(doc, (n) => tagOf(n) === 'dct:valid');
  const notes = findAll(doc, (n) => tagOf(n) === 'Commentary')
    .map(noteOf)
    .filter((n): n is ClmlNote => n !== null);
  return {
    title: title ? collapse(rawText(title)) || null : null,
    validFrom: valid ? collapse(rawText(valid)).slice(0, 10) || null : null,
    prospective:
      attrOf(p1, 'Status') === 'Prospective' || (group ? attrOf(group, 'Status') === 'Prospective' : false),
    versionLabels: links.map((l) => attrOf(l, 'title')).filter((t): t is string => t !== null),
    blocks: blocksOf(p1),
    notes,
  };
}
