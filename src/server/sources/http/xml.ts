/**
 * XML parsing of upstream responses: attributes under '@_', namespace prefixes kept in names
 * ('ukm:Year'), every value a string, and never an expanded DOCTYPE entity.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { UpstreamError } from './errors';

export type XmlNode = Record<string, unknown>;

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the five predefined XML entities and numeric character references only. */
export function decodeXmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos);/gi, (match, name: string) => {
    if (name[0] !== '#') return XML_ENTITIES[name.toLowerCase()] ?? match;
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
  });
}

/**
 * Attributes under '@_', namespace prefixes kept in names ('ukm:Year'), every value a string.
 * DOCTYPE entities are never expanded: entity processing is off and only the predefined
 * entities and character references are decoded.
 */
/** The parser's safe settings (no entity expansion), shared by every reader of upstream XML. */
export const SAFE_XML_OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  parseAttributeValue: false,
  tagValueProcessor: (_name: string, value: string) => decodeXmlEntities(value),
  attributeValueProcessor: (_name: string, value: string) => decodeXmlEntities(value),
};

const xmlParser = new XMLParser({ ...SAFE_XML_OPTIONS, trimValues: true });

export function parseXmlDocument(raw: string, url: string): XmlNode {
  const validation = XMLValidator.validate(raw);
  if (validation !== true) {
    const { msg, line } = validation.err;
    throw new UpstreamError('invalid_xml', url, `Malformed XML from ${url}: ${msg} (line ${line})`);
  }
  try {
    return xmlParser.parse(raw) as XmlNode;
  } catch (cause) {
    throw new UpstreamError('invalid_xml', url, `Unreadable XML from ${url}`, { cause });
  }
}
