import type { BadgeColour, DotColour } from '#shared/legal-change-display';

/** Current Stage badge classes by colour; each pair keeps text contrast at AA. */
export const STAGE_BADGE_CLASSES: Record<BadgeColour, string> = {
  green: 'border-green-300 bg-green-50 text-green-900',
  yellow: 'border-yellow-300 bg-yellow-50 text-yellow-900',
  blue: 'border-blue-300 bg-blue-50 text-blue-900',
  red: 'border-red-300 bg-red-50 text-red-900',
  purple: 'border-purple-300 bg-purple-50 text-purple-900',
  grey: 'border-slate-300 bg-slate-50 text-slate-900',
};

/** Timeline dot classes by colour (the event type is always written beside the dot). */
export const DOT_CLASSES: Record<DotColour, string> = {
  green: 'bg-green-600',
  yellow: 'bg-yellow-500',
  orange: 'bg-orange-500',
  blue: 'bg-blue-600',
  red: 'bg-red-600',
  purple: 'bg-purple-600',
  grey: 'bg-slate-500',
};
