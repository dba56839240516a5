import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

/** Jurisdictions of the member screens; id 1 is the UK (seeded by migration). */
export const jurisdictions = pgTable('jurisdictions', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  flag: text('flag').notNull(),
  countryCode: text('country_code').notNull().unique(),
  isActive: boolean('is_active').notNull().default(false),
});

export const lawAreas = pgTable('law_areas', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
});

/** The 16 followed legislation types; `globallyAvailable` is the admin's switch. */
export const legislationTypes = pgTable('legislation_types', {
  code: text('code').primaryKey(),
  preferenceKey: text('preference_key').notNull().unique(),
  name: text('name').notNull(),
  category: text('category', { enum: ['primary', 'secondary'] }).notNull(),
  sortOrder: integer('sort_order').notNull(),
  globallyAvailable: boolean('globally_available').notNull().default(true),
  updatedAt: updatedAt(),
});
