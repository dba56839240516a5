/**
 * How long the service keeps personal data and how long what it stores in the browser lasts
 * (spec document 1 §9). The privacy and cookie policies quote these figures.
 */
export const RETENTION = {
  /** account data after a paid plan is cancelled or a trial expires */
  afterCancellationDays: 180,
  paymentRecordsYears: 7,
  analyticsMonths: 24,
  communicationRecordsYears: 3,
} as const;

export const BROWSER_DURATIONS = {
  /** a sign-in; 30 days with 'Stay logged in' */
  sessionDays: 7,
  keepLoggedInDays: 30,
  /** the consent record and display preferences */
  preferencesMonths: 12,
  analyticsMonths: 24,
  /** the administrator's sign-in */
  adminHours: 8,
} as const;

/** Where members and visitors write about their data, the terms or a complaint. */
export const LEGAL_CONTACT = {
  support: 'support@lexwatch.co.uk',
  privacy: 'privacy@lexwatch.co.uk',
} as const;
