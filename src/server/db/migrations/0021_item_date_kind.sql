-- An item's date is the best legal date its source states, with what happened on it; never a
-- time the service recorded. Until now an item with no date of its kind took the day it was
-- stored (the column's default), which lists showed as a legal date. The date becomes nullable,
-- its kind is stored beside it, existing rows are derived again from the dates they hold (a year
-- alone gives 1 January with the kind 'year_only'), and the lists sort on a key that puts the
-- undated last (newest first). Items loaded from the bundled snapshot before this change cannot
-- be told apart from synced ones, so none is marked as the snapshot's.
ALTER TABLE "legal_changes" ALTER COLUMN "item_date" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "legal_changes" ALTER COLUMN "item_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_changes" ADD COLUMN "item_date_kind" text;--> statement-breakpoint
ALTER TABLE "legal_changes" ADD COLUMN "snapshot_taken_at" date;--> statement-breakpoint
-- an instrument is made, never enacted: its made date had also been written as its enactment date
UPDATE "legal_changes" SET "enactment_date" = NULL
WHERE "source" = 'legislation_gov_uk'
  AND "legislation_type" IN ('uksi', 'wsi', 'ssi', 'nisr', 'ukmd', 'ukmo', 'ukdsi', 'sdsi', 'nidsr')
  AND "enactment_date" IS NOT NULL;--> statement-breakpoint
WITH typed AS (
  SELECT id, source, legislation_year, enactment_date, made_date, date_laid, effective_date,
    current_stage_date, proposed_date, consultation_end_date,
    (last_updated_date AT TIME ZONE 'UTC')::date AS updated_day,
    CASE
      WHEN legislation_type IN ('uk_parliament_bill', 'scottish_parliament_bill') THEN 'bill'
      WHEN legislation_type IN ('ukpga', 'ukla', 'ukppa', 'asp', 'asc', 'nia') THEN 'act'
      WHEN legislation_type IN ('ukdsi', 'sdsi', 'nidsr') THEN 'draft'
      WHEN legislation_type IN ('uksi', 'wsi', 'ssi', 'nisr', 'ukmd', 'ukmo') AND is_draft THEN 'draft'
      WHEN legislation_type IN ('uksi', 'wsi', 'ssi', 'nisr', 'ukmd', 'ukmo') THEN 'instrument'
      ELSE 'other'
    END AS kind
  FROM "legal_changes"
), picked AS (
  SELECT id, legislation_year, CASE kind
    WHEN 'act' THEN CASE WHEN enactment_date IS NOT NULL THEN enactment_date::text || '|royal_assent' END
    WHEN 'instrument' THEN CASE
      WHEN made_date IS NOT NULL THEN made_date::text || '|made'
      WHEN date_laid IS NOT NULL THEN date_laid::text || '|laid'
      WHEN effective_date IS NOT NULL THEN effective_date::text || '|coming_into_force' END
    WHEN 'draft' THEN CASE
      WHEN date_laid IS NOT NULL THEN date_laid::text || '|laid'
      WHEN made_date IS NOT NULL THEN made_date::text || '|made' END
    WHEN 'bill' THEN CASE
      WHEN enactment_date IS NOT NULL THEN enactment_date::text || '|royal_assent'
      WHEN current_stage_date IS NOT NULL THEN current_stage_date::text || '|stage'
      WHEN proposed_date IS NOT NULL THEN proposed_date::text || '|stage'
      WHEN updated_day IS NOT NULL THEN updated_day::text || '|updated' END
    ELSE CASE
      WHEN current_stage_date IS NOT NULL THEN current_stage_date::text
        || CASE WHEN source = 'federal_register' THEN '|published' ELSE '|stage' END
      WHEN consultation_end_date IS NOT NULL THEN consultation_end_date::text || '|consultation_end'
      WHEN enactment_date IS NOT NULL THEN enactment_date::text || '|published'
      WHEN proposed_date IS NOT NULL THEN proposed_date::text || '|published'
      WHEN effective_date IS NOT NULL THEN effective_date::text || '|coming_into_force'
      WHEN updated_day IS NOT NULL THEN updated_day::text || '|updated' END
  END AS pick
  FROM typed
)
UPDATE "legal_changes" AS lc SET
  "item_date" = COALESCE(split_part(p.pick, '|', 1)::date,
    CASE WHEN p.legislation_year > 0 THEN make_date(p.legislation_year, 1, 1) END),
  "item_date_kind" = COALESCE(split_part(p.pick, '|', 2),
    CASE WHEN p.legislation_year > 0 THEN 'year_only' END)
FROM picked AS p
WHERE p.id = lc.id;--> statement-breakpoint
ALTER TABLE "legal_changes" ADD COLUMN "item_sort_date" date GENERATED ALWAYS AS (COALESCE("item_date", DATE '0001-01-01')) STORED NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "legal_changes_date_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "legal_changes_category_date_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "legal_changes_juris_category_date_idx";--> statement-breakpoint
CREATE INDEX "legal_changes_date_idx" ON "legal_changes" USING btree ("item_sort_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "legal_changes_category_date_idx" ON "legal_changes" USING btree ("category","item_sort_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "legal_changes_juris_category_date_idx" ON "legal_changes" USING btree ("jurisdiction_id","category","item_sort_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);
