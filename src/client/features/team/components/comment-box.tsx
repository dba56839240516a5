import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button';
import { Label } from '#client/components/ui/label';
import { Spinner } from '#client/components/ui/spinner';
import { Textarea } from '#client/components/ui/textarea';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { cn } from '#client/lib/utils';
import { COMMENT_MAX } from '#shared/orgs';
import { usePostComment } from '../api/comments';
import { insertMention, mentionQueryAt, mentionSuggestions } from '../lib/mentions';
import type { OrgMember } from '../lib/types';

/** Writing a comment; typing @ offers the members' emails (arrows to choose, Enter or Tab to take one). */
export function CommentBox({
  orgId,
  legalChangeId,
  members,
}: {
  orgId: number;
  legalChangeId: number;
  members: readonly OrgMember[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const post = usePostComment(orgId, legalChangeId);
  const [body, setBody] = useState('');
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const area = useRef<HTMLTextAreaElement | null>(null);
  const mention = mentionQueryAt(body, caret);
  const suggestions = mention ? mentionSuggestions(members, mention.query) : [];
  const open = suggestions.length > 0;

  const choose = (email: string) => {
    if (!mention) return;
    const next = insertMention(body, mention.start, caret, email);
    setBody(next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => area.current?.setSelectionRange(next.caret, next.caret));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      choose(suggestions[Math.min(active, suggestions.length - 1)]!);
    } else if (event.key === 'Escape') {
      setCaret(-1);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim() === '') return;
    post.mutate(body.trim(), { onSuccess: () => setBody('') });
  };

  return (
    <form onSubmit={submit} className="grid gap-2">
      <Label htmlFor={`${id}-body`}>{t('team.comments.label')}</Label>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t('team.comments.hint')}
      </p>
      <div className="relative">
        <Textarea
          ref={area}
          id={`${id}-body`}
          rows={3}
          dir="auto"
          maxLength={COMMENT_MAX}
          value={body}
          aria-describedby={`${id}-hint`}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-activedescendant={open ? `${id}-option-${active}` : undefined}
          onChange={(e) => {
            setBody(e.target.value);
            setCaret(e.target.selectionStart);
            setActive(0);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
        />
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label={t('team.comments.suggestions')}
          hidden={!open}
          className="absolute start-0 top-full z-10 mt-1 grid w-full max-w-sm rounded-md border bg-popover p-1 shadow-md"
        >
          {suggestions.map((email, index) => (
            <li
              key={email}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className={cn(
                'cursor-pointer rounded-sm px-2 py-1.5 text-sm break-all',
                index === active && 'bg-accent text-accent-foreground',
              )}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(email);
              }}
            >
              <bdi>{email}</bdi>
            </li>
          ))}
        </ul>
      </div>
      <p role="alert" className="text-sm font-medium text-destructive empty:hidden">
        {post.isError ? apiErrorMessage(post.error, t('team.comments.failed')) : ''}
      </p>
      <Button type="submit" className="w-fit" disabled={post.isPending || body.trim() === ''}>
        {post.isPending && <Spinner />}
        {t('team.comments.post')}
      </Button>
    </form>
  );
}
