import { cn } from '#client/lib/utils';

/** The flags drawn as images in public/flags: a system without an emoji font shows them too. */
const FLAG_FILES = new Set(['au', 'ca', 'de', 'eu', 'fr', 'gb', 'jp', 'sg', 'us']);
const REGIONAL_A = 0x1f1e6;

/** 'GB' from 'GB', 'gb' or the emoji flag 🇬🇧 (two regional indicator letters); null otherwise. */
export function flagCode(flag: string): string | null {
  const letters = [...flag.trim()].map((ch) => {
    const point = ch.codePointAt(0) ?? 0;
    if (point >= REGIONAL_A && point < REGIONAL_A + 26) return String.fromCharCode(65 + point - REGIONAL_A);
    return /^[a-z]$/i.test(ch) ? ch.toUpperCase() : '';
  });
  const code = letters.join('');
  return code.length === 2 && letters.length === 2 ? code : null;
}

/**
 * A country's (or the EU's) flag as a small image, from its code or emoji. Beside the country's
 * name it is decorative (no `label`); alone, `label` names it for screen readers. Nothing is
 * shown for a flag without an image.
 */
export function Flag({ flag, label, className }: { flag: string; label?: string; className?: string }) {
  const code = flagCode(flag)?.toLowerCase();
  if (!code || !FLAG_FILES.has(code)) return null;
  return (
    <img
      src={`/flags/${code}.svg`}
      alt={label ?? ''}
      width={20}
      height={14}
      loading="lazy"
      decoding="async"
      className={cn(
        'inline-block h-3.5 w-5 shrink-0 rounded-[2px] object-cover align-[-2px] ring-1 ring-black/10',
        className,
      )}
    />
  );
}
