/** The @mentions of a comment: written `@email`, suggested from the members' emails while typing. */

const MENTION = /(^|\s)@([^\s@]+@[^\s@]+\.[^\s@]+)/g;
/** punctuation after an address ends the sentence, not the address */
const TRAILING = /[.,;:!?)]+$/;

/** The emails mentioned in a comment, once each, in the order written. */
export function mentionedEmails(body: string): string[] {
  const found: string[] = [];
  for (const match of body.matchAll(MENTION)) {
    const email = match[2]!.replace(TRAILING, '').toLowerCase();
    if (!found.includes(email)) found.push(email);
  }
  return found;
}

/** The `@word` being typed just before the caret (`null` when the caret is not in one). */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s]*)$/.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]!.toLowerCase() };
}

/** Members' emails that begin with (or whose name begins with) the query, at most `limit`. */
export function mentionSuggestions(
  members: readonly { email: string; firstName: string | null; lastName: string | null }[],
  query: string,
  limit = 5,
): string[] {
  const q = query.toLowerCase();
  return members
    .filter(
      (m) =>
        m.email.toLowerCase().startsWith(q) ||
        (m.firstName ?? '').toLowerCase().startsWith(q) ||
        (m.lastName ?? '').toLowerCase().startsWith(q),
    )
    .map((m) => m.email)
    .slice(0, limit);
}

/** The text with the `@query` at `start` replaced by `@email ` and where the caret goes after it. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  email: string,
): { text: string; caret: number } {
  const inserted = `@${email} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

/** Splits a comment into plain text and mentions, for showing the mentions highlighted. */
export function splitMentions(body: string): { text: string; mention: boolean }[] {
  const parts: { text: string; mention: boolean }[] = [];
  let last = 0;
  for (const match of body.matchAll(MENTION)) {
    const at = match.index + match[1]!.length;
    const email = match[2]!.replace(TRAILING, '');
    if (at > last) parts.push({ text: body.slice(last, at), mention: false });
    parts.push({ text: `@${email}`, mention: true });
    last = at + email.length + 1;
  }
  if (last < body.length) parts.push({ text: body.slice(last), mention: false });
  return parts;
}
