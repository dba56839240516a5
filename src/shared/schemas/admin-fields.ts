/** Field shapes the administrator's contracts share. */
import { z } from 'zod';

/** An ISO 8601 timestamp as the console receives it. */
export const iso = z.string();

/** The keyset cursor of a paged admin list: the `nextCursor` of the previous page. */
export const cursorSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'Use the nextCursor of the previous page')
  .transform(Number)
  .optional();
