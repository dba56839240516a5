import { Trash2 } from 'lucide-react';
import { QueryState } from '#client/components/query-state';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { useFormat } from '#client/lib/format';
import { useAuth } from '#client/lib/session/use-auth';
import { useComments, useDeleteComment } from '../api/comments';
import { splitMentions } from '../lib/mentions';
import { canDeleteComment, permissionsOf } from '../lib/permissions';
import type { CurrentOrg, OrgComment } from '../lib/types';
import { memberName } from './members-card';
import { CommentBox } from './comment-box';

/** The item's comments, oldest first, with the box to add one (not for a viewer). */
export function CommentThread({ org, legalChangeId }: { org: CurrentOrg; legalChangeId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { user } = useAuth();
  const comments = useComments(org.id, legalChangeId);
  const remove = useDeleteComment(org.id, legalChangeId);
  const authorName = (author: OrgComment['author']) => {
    const member = org.members.find((m) => m.userId === author.userId);
    return member ? memberName(member) : (author.email ?? t('team.activity.system'));
  };
  const deleteComment = (commentId: number) =>
    remove.mutate(commentId, {
      onSuccess: () => toast({ title: t('team.comments.deleted') }),
      onError: (error) =>
        toast({
          title: t('team.comments.failed'),
          description: apiErrorMessage(error, t('common.tryAgainLater')),
          variant: 'destructive',
        }),
    });

  return (
    <section aria-labelledby="team-comments" className="grid gap-4">
      <h3 id="team-comments" className="text-base font-semibold">
        {t('team.comments.title')}
      </h3>
      <QueryState query={comments} isEmpty={(rows) => rows.length === 0} empty={t('team.comments.empty')}>
        {(rows) => (
          <ol className="grid gap-3" aria-live="polite">
            {rows.map((comment) => (
              <li key={comment.id} className="grid gap-1 rounded-md border bg-card p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-xs text-muted-foreground">
                    <bdi className="font-medium text-foreground">{authorName(comment.author)}</bdi>{' '}
                    <time dateTime={comment.createdAt}>{format.dateTime(comment.createdAt)}</time>
                  </p>
                  {user && canDeleteComment(org.role, user.id, comment.author.userId ?? -1) && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('team.comments.delete')}
                      disabled={remove.isPending}
                      onClick={() => deleteComment(comment.id)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  )}
                </div>
                <p dir="auto" className="text-sm break-words whitespace-pre-wrap">
                  {splitMentions(comment.body).map((part, index) =>
                    part.mention ? (
                      <bdi key={index} className="font-medium text-primary">
                        {part.text}
                      </bdi>
                    ) : (
                      <span key={index}>{part.text}</span>
                    ),
                  )}
                </p>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      {permissionsOf(org.role).contribute && (
        <CommentBox orgId={org.id} legalChangeId={legalChangeId} members={org.members} />
      )}
    </section>
  );
}
