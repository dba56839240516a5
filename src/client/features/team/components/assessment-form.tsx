import { type FormEvent, useState } from 'react';
import { Button } from '#client/components/ui/button';
import { FormField, TextField } from '#client/components/ui/form-field';
import { Spinner } from '#client/components/ui/spinner';
import { Textarea } from '#client/components/ui/textarea';
import { toast } from '#client/components/ui/toast-store';
import { useTranslation } from '#client/i18n';
import { apiErrorMessage } from '#client/lib/api-client';
import { ASSESSMENT_STATUSES, IMPACT_NOTE_MAX, RELEVANCE_LEVELS } from '#shared/orgs';
import { useUpdateAssessment } from '../api/assessment';
import { changedFields } from '../lib/assessment-changes';
import type { Assessment, AssessmentStatus, OrgMember, Relevance } from '../lib/types';
import { memberName } from './members-card';
import { SelectField } from './select-field';

/** The assessment's fields; saved together, only those that changed are sent. Disabled for a viewer. */
export function AssessmentForm({
  orgId,
  legalChangeId,
  assessment,
  members,
  readOnly,
}: {
  orgId: number;
  legalChangeId: number;
  assessment: Assessment;
  members: readonly OrgMember[];
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateAssessment(orgId, legalChangeId);
  const [status, setStatus] = useState<AssessmentStatus>(assessment.status);
  const [relevance, setRelevance] = useState(assessment.relevance ?? '');
  const [owner, setOwner] = useState(assessment.ownerUserId === null ? '' : String(assessment.ownerUserId));
  const [dueDate, setDueDate] = useState(assessment.dueDate ?? '');
  const [impactNote, setImpactNote] = useState(assessment.impactNote ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes = changedFields(assessment, {
      status,
      relevance: relevance === '' ? null : (relevance as Relevance),
      ownerUserId: owner === '' ? null : Number(owner),
      dueDate: dueDate === '' ? null : dueDate,
      impactNote: impactNote.trim() === '' ? null : impactNote,
    });
    if (Object.keys(changes).length === 0) return;
    update.mutate(changes, {
      onSuccess: () => toast({ title: t('team.assessment.saved'), variant: 'success' }),
    });
  };

  return (
    <form onSubmit={submit} className="grid content-start gap-4">
      <fieldset disabled={readOnly} className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="assessment-status"
          label={t('team.fields.status')}
          value={status}
          onValueChange={(value) => setStatus(value as AssessmentStatus)}
          options={ASSESSMENT_STATUSES.map((s) => ({ value: s, label: t(`team.status.${s}`) }))}
        />
        <SelectField
          id="assessment-relevance"
          label={t('team.fields.relevance')}
          value={relevance}
          onValueChange={setRelevance}
          options={[
            { value: '', label: t('team.relevance.none') },
            ...RELEVANCE_LEVELS.map((r) => ({ value: r, label: t(`team.relevance.${r}`) })),
          ]}
        />
        <SelectField
          id="assessment-owner"
          label={t('team.fields.ownerUserId')}
          value={owner}
          onValueChange={setOwner}
          options={[
            { value: '', label: t('team.assessment.unassigned') },
            ...members.map((m) => ({ value: String(m.userId), label: memberName(m) })),
          ]}
        />
        <TextField
          id="assessment-due"
          type="date"
          label={t('team.fields.dueDate')}
          value={dueDate}
          onValueChange={setDueDate}
        />
        <FormField id="assessment-impact" label={t('team.fields.impactNote')} className="sm:col-span-2">
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              dir="auto"
              maxLength={IMPACT_NOTE_MAX}
              value={impactNote}
              onChange={(e) => setImpactNote(e.target.value)}
            />
          )}
        </FormField>
      </fieldset>
      <p role="alert" className="text-sm font-medium text-destructive empty:hidden">
        {update.isError ? apiErrorMessage(update.error, t('team.assessment.failed')) : ''}
      </p>
      {!readOnly && (
        <Button type="submit" className="w-fit" disabled={update.isPending}>
          {update.isPending && <Spinner />}
          {t('team.assessment.save')}
        </Button>
      )}
    </form>
  );
}
