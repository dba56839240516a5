-- Reference data: jurisdictions (1 = UK), law areas, the 16 followed legislation types.
INSERT INTO "jurisdictions" ("id", "name", "flag", "country_code", "is_active") VALUES
  (1, 'United Kingdom', '🇬🇧', 'GB', true),
  (2, 'European Union', '🇪🇺', 'EU', false),
  (3, 'United States', '🇺🇸', 'US', false),
  (4, 'Canada', '🇨🇦', 'CA', false),
  (5, 'Australia', '🇦🇺', 'AU', false),
  (6, 'Germany', '🇩🇪', 'DE', false),
  (7, 'France', '🇫🇷', 'FR', false),
  (8, 'Japan', '🇯🇵', 'JP', false),
  (9, 'Singapore', '🇸🇬', 'SG', false)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "law_areas" ("id", "name") VALUES
  (1, 'General'),
  (2, 'Employment'),
  (3, 'Data Protection and Privacy'),
  (4, 'Financial Services'),
  (5, 'Tax'),
  (6, 'Health and Safety'),
  (7, 'Environment'),
  (8, 'Company and Commercial'),
  (9, 'Competition'),
  (10, 'Consumer Protection'),
  (11, 'Property and Planning'),
  (12, 'Immigration'),
  (13, 'Criminal Justice'),
  (14, 'Education'),
  (15, 'Health and Social Care'),
  (16, 'Energy'),
  (17, 'Transport'),
  (18, 'Technology and Telecoms')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('law_areas', 'id'), 18);
--> statement-breakpoint
INSERT INTO "legislation_types" ("code", "preference_key", "name", "category", "sort_order") VALUES
  ('ukpga', 'ukPublicGeneralActs', 'UK Public General Acts', 'primary', 1),
  ('ukla', 'ukLocalActs', 'UK Local Acts', 'primary', 2),
  ('ukppa', 'ukPrivatePersonalActs', 'UK Private and Personal Acts', 'primary', 3),
  ('asp', 'actsScottishParliament', 'Acts of the Scottish Parliament', 'primary', 4),
  ('asc', 'actsSeneddCymru', 'Acts of Senedd Cymru', 'primary', 5),
  ('nia', 'actsNorthernIrelandAssembly', 'Acts of the Northern Ireland Assembly', 'primary', 6),
  ('uksi', 'ukStatutoryInstruments', 'UK Statutory Instruments', 'secondary', 7),
  ('wsi', 'walesStatutoryInstruments', 'Wales Statutory Instruments', 'secondary', 8),
  ('ssi', 'scottishStatutoryInstruments', 'Scottish Statutory Instruments', 'secondary', 9),
  ('nisr', 'northernIrelandStatutoryRules', 'Northern Ireland Statutory Rules', 'secondary', 10),
  ('ukmd', 'ukMinisterialDirections', 'UK Ministerial Directions', 'secondary', 11),
  ('ukmo', 'ukMinisterialOrders', 'UK Ministerial Orders', 'secondary', 12),
  ('ukdsi', 'ukDraftStatutoryInstruments', 'UK Draft Statutory Instruments', 'secondary', 13),
  ('sdsi', 'scottishDraftStatutoryInstruments', 'Scottish Draft Statutory Instruments', 'secondary', 14),
  ('nidsr', 'northernIrelandDraftStatutoryRules', 'Northern Ireland Draft Statutory Rules', 'secondary', 15),
  ('uk_parliament_bill', 'ukParliamentBills', 'UK Parliament Bills', 'primary', 16)
ON CONFLICT ("code") DO NOTHING;
