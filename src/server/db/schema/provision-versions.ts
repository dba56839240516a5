import { jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * A provision of a legislation.gov.uk item at one version, as read (the redlines' cache): its
 * paragraphs and annotations, parsed. Named and past dated versions never change once published.
 */
export const provisionVersions = pgTable(
  'provision_versions',
  {
    id: serial('id').primaryKey(),
    /** 'ukpga/2018/12' */
    itemPath: text('item_path').notNull(),
    /** 'section/45' */
    provision: text('provision').notNull(),
    /** 'enacted', 'made', 'current' or 'YYYY-MM-DD' */
    label: text('label').notNull(),
    document: jsonb('document').notNull(),
    sourceUrl: text('source_url').notNull(),
    fetchedAt: ts('fetched_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('provision_versions_item_provision_label_uq').on(t.itemPath, t.provision, t.label)],
);
