// No source file over 300 lines (src, test, bench, scripts, lint): a file that grows past it is
// split by concern before it lands. Recorded data (fixtures, migrations, JSON) is not source.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export const MAX_LINES = 300;
const SOURCE = /^(src|test|bench|scripts|lint)\/.*\.(ts|tsx|js|mjs|cjs)$/;
const NOT_SOURCE = /(^|\/)(fixtures|migrations)\//;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => SOURCE.test(f) && !NOT_SOURCE.test(f));

const long = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // listed by git but deleted in the work tree
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_LINES) long.push([file, lines]);
}
long.sort((a, b) => b[1] - a[1]);
for (const [file, lines] of long) console.log(`${String(lines).padStart(5)}  ${file}`);
console.log(
  long.length === 0
    ? `file length: all ${files.length} source files have at most ${MAX_LINES} lines`
    : `file length: ${long.length} source files have more than ${MAX_LINES} lines; split them by concern`,
);
process.exit(long.length === 0 ? 0 : 1);
