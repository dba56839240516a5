-- The sources beyond the UK sync: the outcome of each one's last probe and its recent list,
-- so the status and recent endpoints answer from stored state, never with an upstream call.
CREATE TABLE "legal_source_state" (
	"code" text PRIMARY KEY NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"recent" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
