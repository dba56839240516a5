/**
 * In Arabic the whole interface mirrors, which only works when layout is written with logical
 * sides (start/end) rather than physical ones (left/right). This fails on a physical Tailwind
 * class anywhere in the client's code, so that none comes back unnoticed.
 *
 * Use instead: ms-/me- (not ml-/mr-), ps-/pe- (not pl-/pr-), start-/end- (not left-/right-),
 * text-start/text-end, border-s/border-e, rounded-s/rounded-e (rounded-ss/se/es/ee), float-start/end,
 * scroll-ms/me and scroll-ps/pe. Where a physical side is truly meant, list it below with why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../../src/client');

/** `path: class`: physical on purpose. */
const ALLOWED: Record<string, string> = {
  // the centred dialog: left 50% with a -50% shift is the same in both directions, and the
  // dialog-in animation (styles/index.css) moves it by that same -50%
  'components/ui/dialog.tsx: left-1/2': 'centring',
};

const PHYSICAL = new RegExp(
  String.raw`(?<![\w-])(?:(?:[\w-]+(?:-\[[^\]]*\])?|\[[^\]\s]*\]):)*!?-?` +
    String.raw`(?:m[lr]|p[lr]|scroll-[mp][lr]|left|right|inset-[lr]|text-(?:left|right)|float-(?:left|right)|clear-(?:left|right)|` +
    String.raw`border-[lr]|rounded-(?:[lr]|tl|tr|bl|br)|origin-(?:top-|bottom-)?(?:left|right)|` +
    String.raw`(?:slide-in-from|slide-out-to)-(?:left|right))` +
    String.raw`(?:-(?:\[[^\]]*\]|\([^)]*\)|[\w./%]+))?(?![\w-])`,
  'g',
);

/** Whether a match is a class name and not a word of prose (`left`, `right` on their own are words). */
const isClass = (token: string) =>
  /[-:[]/.test(token.replace(/^-/, '')) && !/^(?:left|right)-hand$/.test(token);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Code without comments, so that prose about 'the left edge' is not read as a class. */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

export function physicalClasses(code: string): string[] {
  return [...withoutComments(code).matchAll(PHYSICAL)].map((m) => m[0]).filter(isClass);
}

describe('right-to-left layout', () => {
  it('finds physical classes and leaves logical ones and prose alone', () => {
    expect(
      physicalClasses(
        `cn('ml-2 pr-4 md:left-0 rtl:text-right hover:border-l-2 -mr-1 rounded-tl-lg [&>svg]:left-3 left-(--x)')`,
      ),
    ).toEqual([
      'ml-2',
      'pr-4',
      'md:left-0',
      'rtl:text-right',
      'hover:border-l-2',
      '-mr-1',
      'rounded-tl-lg',
      '[&>svg]:left-3',
      'left-(--x)',
    ]);
    expect(
      physicalClasses(
        `cn('ms-2 pe-4 start-0 text-start border-s-2 rounded-ss-lg', 'Swipe left to dismiss', t('right'))`,
      ),
    ).toEqual([]);
  });

  it('uses logical sides throughout the client (start/end, not left/right)', () => {
    const found: string[] = [];
    for (const file of sourceFiles(ROOT)) {
      const path = relative(ROOT, file);
      for (const token of physicalClasses(readFileSync(file, 'utf8'))) {
        const bare = token.replace(/^(?:(?:[\w-]+(?:-\[[^\]]*\])?|\[[^\]\s]*\]):)*!?-?/, '');
        if (!(`${path}: ${bare}` in ALLOWED)) found.push(`${path}: ${token}`);
      }
    }
    expect(found, 'physical direction classes: use the logical ones (see the top of this file)').toEqual([]);
  });
});
