/**
 * UK Parliament's codes for an amendment (Bills API): its `decision` (the search filter also
 * accepts `All`) and its `amendmentType`. The screens word each in the member's language.
 */
export const AMENDMENT_DECISIONS = [
  'NoDecision',
  'Withdrawn',
  'Disagreed',
  'NotMoved',
  'Agreed',
  'QuestionProposed',
  'NotSelected',
  'WithdrawnBeforeDebate',
  'StoodPart',
  'NotStoodPart',
  'Preempted',
  'NotCalled',
  'NegativedOnDivision',
  'AgreedOnDivision',
] as const;

export const AMENDMENT_TYPES = [
  'EditLongTitle',
  'EditBillBody',
  'AddClauseOrSchedule',
  'DeleteClauseOrSchedule',
] as const;
