/** Reference data seeded by migration 0002 and used by both server and client. */

export const JURISDICTIONS = [
  { id: 1, name: 'United Kingdom', flag: '🇬🇧', countryCode: 'GB', isActive: true },
  { id: 2, name: 'European Union', flag: '🇪🇺', countryCode: 'EU', isActive: false },
  { id: 3, name: 'United States', flag: '🇺🇸', countryCode: 'US', isActive: false },
  { id: 4, name: 'Canada', flag: '🇨🇦', countryCode: 'CA', isActive: false },
  { id: 5, name: 'Australia', flag: '🇦🇺', countryCode: 'AU', isActive: false },
  { id: 6, name: 'Germany', flag: '🇩🇪', countryCode: 'DE', isActive: false },
  { id: 7, name: 'France', flag: '🇫🇷', countryCode: 'FR', isActive: false },
  { id: 8, name: 'Japan', flag: '🇯🇵', countryCode: 'JP', isActive: false },
  { id: 9, name: 'Singapore', flag: '🇸🇬', countryCode: 'SG', isActive: false },
] as const;

export const UK_JURISDICTION_ID = 1;

export const LAW_AREAS = [
  'General',
  'Employment',
  'Data Protection and Privacy',
  'Financial Services',
  'Tax',
  'Health and Safety',
  'Environment',
  'Company and Commercial',
  'Competition',
  'Consumer Protection',
  'Property and Planning',
  'Immigration',
  'Criminal Justice',
  'Education',
  'Health and Social Care',
  'Energy',
  'Transport',
  'Technology and Telecoms',
] as const;
