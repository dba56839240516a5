// The part of the stylesheet a rendered page needs for its first paint, to inline in its <head>.
//
// Tailwind writes one rule per utility class, so a page needs the rules whose classes its HTML
// uses: a style rule is kept when one of its selectors names only classes the page has (classes
// inside :is(), :where(), :not() and :has() are not looked at, so those rules stay). Rules with no
// class at all (the base layer: html, body, headings, focus) and everything that is not a style
// rule (variables, @property, @keyframes) stay. The page then paints from the inlined rules while
// the whole stylesheet loads without holding it back; the two agree, so nothing moves when it lands.
import { transform } from 'lightningcss';

const ENTITIES = { amp: '&', quot: '"', lt: '<', gt: '>', '#x27': "'", '#39': "'" };
const decode = (text) => text.replace(/&(amp|quot|lt|gt|#x27|#39);/g, (_, name) => ENTITIES[name]);

/** Every class name used in the HTML. */
export function classesIn(html) {
  const classes = new Set();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decode(match[1]).split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** Whether a selector (lightningcss's parsed form) names only classes the page uses. */
const selectorUsed = (selector, classes) =>
  selector.every((component) => component.type !== 'class' || classes.has(component.name));

/**
 * The rules of `css` that the page `html` can use, minified.
 * @param {string | Buffer} css
 * @param {string} html
 */
export function criticalCss(css, html) {
  const classes = classesIn(html);
  const { code } = transform({
    filename: 'critical.css',
    code: Buffer.from(css),
    minify: true,
    visitor: {
      Rule: {
        style(rule) {
          // nothing returned: the rule stays as it is
          if (!rule.value.selectors.some((selector) => selectorUsed(selector, classes))) return [];
        },
      },
    },
  });
  return code.toString();
}
