/**
 * The date a list shows for an item (spec document 1 §4 "item date shown"): the current
 * stage date first; then, for primary items, enacted, consultation ended, consultation
 * started, proposed, parliamentary date, created; for secondary items, date laid, effective,
 * enacted, consultation ended or started, proposed, regulatory (made) date, created.
 */
export interface ItemDates {
  category: 'primary' | 'secondary';
  currentStageDate?: string | null;
  enactmentDate?: string | null;
  consultationEndDate?: string | null;
  consultationStartDate?: string | null;
  proposedDate?: string | null;
  dateLaid?: string | null;
  effectiveDate?: string | null;
  madeDate?: string | null;
  /** parliamentary date of a bill (latest sitting) */
  parliamentaryDate?: string | null;
  createdAt?: string | null;
}

export function itemDate(d: ItemDates): string | null {
  const order =
    d.category === 'primary'
      ? [
          d.currentStageDate,
          d.enactmentDate,
          d.consultationEndDate,
          d.consultationStartDate,
          d.proposedDate,
          d.parliamentaryDate,
          d.createdAt,
        ]
      : [
          d.currentStageDate,
          d.dateLaid,
          d.effectiveDate,
          d.enactmentDate,
          d.consultationEndDate,
          d.consultationStartDate,
          d.proposedDate,
          d.madeDate,
          d.createdAt,
        ];
  for (const value of order) if (value) return value.slice(0, 10);
  return null;
}
