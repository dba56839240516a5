/**
 * Reading the objects fast-xml-parser builds (attributes under '@_', namespace prefixes kept,
 * every value a string). A repeated element is an array, a single one is not; an element
 * with no attributes is a bare string.
 */
import type { XmlNode } from '#server/sources/http';

export function asArray<T>(value: T | T[] | null | undefined): T[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function asNode(value: unknown): XmlNode | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'object' && !Array.isArray(value)) return value as XmlNode;
  return { '#text': String(value) };
}

/** Every child element of that name, each as a node */
export function children(node: XmlNode | null | undefined, name: string): XmlNode[] {
  if (!node) return [];
  return asArray(node[name])
    .map(asNode)
    .filter((child): child is XmlNode => child !== null);
}

export function child(node: XmlNode | null | undefined, name: string): XmlNode | null {
  return children(node, name)[0] ?? null;
}

export function attr(node: XmlNode | null | undefined, name: string): string | null {
  const value = node?.[`@_${name}`];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** All text inside a node, nested elements included, whitespace collapsed */
export function textOf(node: unknown): string | null {
  const parts: string[] = [];
  const walk = (value: unknown) => {
    if (value === null || value === undefined) return;
    if (typeof value !== 'object') parts.push(String(value));
    else if (Array.isArray(value)) value.forEach(walk);
    else for (const [key, inner] of Object.entries(value)) if (!key.startsWith('@_')) walk(inner);
  };
  walk(node);
  const text = parts.join(' ').replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

/** `<ukm:Year Value="2019"/>` → '2019' */
export function valueOf(node: XmlNode | null | undefined, name: string, attribute = 'Value'): string | null {
  return attr(child(node, name), attribute);
}

/**
 * Text of an Atom text construct. For bilingual xhtml content (`<span xml:lang="en">` /
 * `<p xml:lang="cy">`) only the parts in the requested language; null when there are none.
 */
export function languageText(node: XmlNode | null, lang: 'en' | 'cy'): string | null {
  if (!node) return null;
  const tagged: string[] = [];
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(walk);
    const element = value as XmlNode;
    const elementLang = attr(element, 'xml:lang');
    if (elementLang) {
      if (elementLang === lang) tagged.push(textOf(element) ?? '');
      return;
    }
    for (const [key, inner] of Object.entries(element)) if (!key.startsWith('@_')) walk(inner);
  };
  walk(node);
  if (tagged.length > 0) return tagged.filter(Boolean).join('\n') || null;
  return lang === 'en' ? textOf(node) : null;
}

export const isoDate = (value: string | null): string | null =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
