/**
 * A message with markup: `<terms>Terms of Service</terms>` in the dictionary becomes the element
 * given as `components.terms`, with the tag's text as its children (`<name/>` keeps the element's
 * own children). Tags without a component stay as text.
 */
import { type ReactElement, type ReactNode, cloneElement, isValidElement } from 'react';
import { type TranslateOptions, type TranslationKey, useTranslation } from './index';

type Components = Readonly<Record<string, ReactElement>> | readonly ReactElement[];

const TAG = /<(\/?)([\w-]+)\s*(\/?)>/g;

/** The message as text and elements, each tag replaced by its component. */
export function renderMarkup(message: string, components: Components): ReactNode[] {
  const componentFor = (name: string): ReactElement | undefined => {
    const component = (components as Record<string, ReactElement | undefined>)[name];
    return isValidElement(component) ? component : undefined;
  };
  const root: ReactNode[] = [];
  const open: { name: string; tag: string; outer: ReactNode[] }[] = [];
  let nodes = root;
  let last = 0;
  const element = (name: string, children: ReactNode[]) => {
    const component = componentFor(name)!;
    const key = `${name}-${nodes.length}`;
    return children.length > 0
      ? cloneElement(component, { key }, ...children)
      : cloneElement(component, { key });
  };
  for (const match of message.matchAll(TAG)) {
    const [tag, closing, name, selfClosing] = match as unknown as [string, string, string, string];
    if (match.index > last) nodes.push(message.slice(last, match.index));
    last = match.index + tag.length;
    if (!componentFor(name)) {
      nodes.push(tag);
    } else if (selfClosing) {
      nodes.push(element(name, []));
    } else if (!closing) {
      open.push({ name, tag, outer: nodes });
      nodes = [];
    } else if (open.at(-1)?.name === name) {
      const frame = open.pop()!;
      const children = nodes;
      nodes = frame.outer;
      nodes.push(element(name, children));
    } else {
      nodes.push(tag);
    }
  }
  if (last < message.length) nodes.push(message.slice(last));
  // a tag left open shows as written
  while (open.length > 0) {
    const frame = open.pop()!;
    frame.outer.push(frame.tag, ...nodes);
    nodes = frame.outer;
  }
  return root;
}

export interface TransProps {
  i18nKey: TranslationKey;
  /** `{{placeholders}}` and `count`. */
  values?: TranslateOptions;
  components?: Components;
}

export function Trans({ i18nKey, values, components = {} }: TransProps) {
  const { t } = useTranslation();
  return <>{renderMarkup(t(i18nKey, values), components)}</>;
}
