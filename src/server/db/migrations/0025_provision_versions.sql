-- Versions of provisions read from legislation.gov.uk for redlines: one row per item, provision
-- and version label, holding the parsed paragraphs and annotations. A dated or named version
-- never changes once published; `current` (and a day not yet past) is read again when stale.
CREATE TABLE "provision_versions" (
  "id" serial PRIMARY KEY NOT NULL,
  "item_path" text NOT NULL,
  "provision" text NOT NULL,
  "label" text NOT NULL,
  "document" jsonb NOT NULL,
  "source_url" text NOT NULL,
  "fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "provision_versions_item_provision_label_uq" ON "provision_versions" USING btree ("item_path","provision","label");
