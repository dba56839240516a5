-- An item's analysis is kept per language: a member reading in Japanese gets the overview written
-- in Japanese, and the English one stays for those who read in English. Existing overviews were
-- written in English.
ALTER TABLE "ai_overviews" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_overviews" DROP CONSTRAINT "ai_overviews_pkey";--> statement-breakpoint
ALTER TABLE "ai_overviews" ADD CONSTRAINT "ai_overviews_pkey" PRIMARY KEY ("legal_change_id", "language");
