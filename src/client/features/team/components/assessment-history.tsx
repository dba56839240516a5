import { useTranslation } from '#client/i18n';
import { useFormat } from '#client/lib/format';
import type { AssessmentChange, OrgMember } from '../lib/types';
import { memberName } from './members-card';

const FIELDS = ['status', 'relevance', 'ownerUserId', 'dueDate', 'impactNote'] as const;
type Field = (typeof FIELDS)[number];
const isField = (key: string): key is Field => (FIELDS as readonly string[]).includes(key);

/** Who changed what and when, newest first; a reopened item says why. */
export function AssessmentHistory({
  history,
  members,
}: {
  history: readonly AssessmentChange[];
  members: readonly OrgMember[];
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const shown = (field: Field, value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('team.assessment.empty');
    if (field === 'status') return t(`team.status.${value as 'new'}`);
    if (field === 'relevance') return t(`team.relevance.${value as 'high'}`);
    if (field === 'dueDate') return format.date(String(value));
    if (field === 'ownerUserId') {
      const owner = members.find((m) => m.userId === value);
      return owner ? memberName(owner) : String(value);
    }
    return String(value);
  };
  const byName = (by: AssessmentChange['by']) => {
    const member = members.find((m) => m.userId === by.userId);
    return member ? memberName(member) : (by.email ?? t('team.activity.system'));
  };
  const entries = [...history].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <section aria-labelledby="assessment-history" className="grid content-start gap-2">
      <h3 id="assessment-history" className="text-base font-semibold">
        {t('team.assessment.history')}
      </h3>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('team.assessment.noHistory')}</p>
      ) : (
        <ol className="grid content-start gap-3 border-s ps-4">
          {entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="grid gap-1 text-sm">
              <p className="text-xs text-muted-foreground">
                {t('team.assessment.by', {
                  email: byName(entry.by),
                  date: format.dateTime(entry.at),
                })}
              </p>
              {entry.reason && (
                <p className="font-medium">{t('team.assessment.reopened', { reason: entry.reason })}</p>
              )}
              <ul className="grid gap-0.5">
                {Object.entries(entry.changes)
                  .filter(([field]) => isField(field))
                  .map(([field, [from, to]]) => (
                    <li key={field} className="break-words">
                      {t('team.assessment.change', {
                        field: t(`team.fields.${field as Field}`),
                        from: shown(field as Field, from),
                        to: shown(field as Field, to),
                      })}
                    </li>
                  ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
