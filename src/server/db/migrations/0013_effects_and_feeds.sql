-- Changes to law in force: the effects legislation.gov.uk records on an item, and the alert
-- type that follows them; and each member's key for their private calendar and Atom feeds.
CREATE TABLE "legal_change_effects" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_change_id" integer NOT NULL REFERENCES "legal_changes"("id") ON DELETE cascade,
	"effect_id" text NOT NULL,
	"type" text NOT NULL,
	"affected_provisions" text,
	"affecting_uri" text,
	"affecting_title" text,
	"affecting_provisions" text,
	"applied" boolean DEFAULT false NOT NULL,
	"requires_applied" boolean DEFAULT true NOT NULL,
	"in_force_date" date,
	"modified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_change_effects_item_effect_uq" UNIQUE("legal_change_id", "effect_id")
);
--> statement-breakpoint
CREATE INDEX "legal_change_effects_item_modified_idx" ON "legal_change_effects" ("legal_change_id", "modified_at" DESC);
--> statement-breakpoint
ALTER TABLE "alert_preferences" ADD COLUMN "law_in_force_alerts" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE TABLE "user_feed_keys" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
