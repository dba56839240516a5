/** The sections of each policy, in order; their texts are in `i18n/area-locales/policies/<code>.json`. */
export const TERMS_SECTIONS = [
  'whoWeAre',
  'service',
  'accounts',
  'plansAndPayment',
  'acceptableUse',
  'dataSourcesNoAdvice',
  'availability',
  'liability',
  'termination',
  'lawAndContact',
] as const;

export const PRIVACY_SECTIONS = [
  'whoWeAre',
  'whatWeCollect',
  'howWeUse',
  'processors',
  'transfers',
  'retention',
  'rights',
  'security',
  'cookies',
  'children',
  'changesAndComplaints',
] as const;

export const COOKIE_SECTIONS = ['whatTheyAre', 'whatWeSet', 'yourChoices', 'changes'] as const;
