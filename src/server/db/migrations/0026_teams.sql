-- Compliance teams: organisations, their members and invitations, the shared watchlist, each
-- item's assessment with its history, comments, the activity log and the seats bought.
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"billing_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"purchased_seats" integer DEFAULT 0 NOT NULL,
	"feed_nonce" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_members" (
	"org_id" integer NOT NULL REFERENCES "organisations"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_members_pk" PRIMARY KEY ("org_id", "user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "org_members_user_uq" ON "org_members" ("user_id");
--> statement-breakpoint
CREATE TABLE "org_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organisations"("id") ON DELETE CASCADE,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "org_invites_token_uq" ON "org_invites" ("token_hash");
--> statement-breakpoint
CREATE INDEX "org_invites_org_idx" ON "org_invites" ("org_id");
--> statement-breakpoint
CREATE TABLE "org_watchlist" (
	"org_id" integer NOT NULL REFERENCES "organisations"("id") ON DELETE CASCADE,
	"legal_change_id" integer NOT NULL REFERENCES "legal_changes"("id") ON DELETE CASCADE,
	"added_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_watchlist_pk" PRIMARY KEY ("org_id", "legal_change_id")
);
--> statement-breakpoint
CREATE INDEX "org_watchlist_item_idx" ON "org_watchlist" ("legal_change_id");
--> statement-breakpoint
CREATE TABLE "org_assessments" (
	"org_id" integer NOT NULL REFERENCES "organisations"("id") ON DELETE CASCADE,
	"legal_change_id" integer NOT NULL REFERENCES "legal_changes"("id") ON DELETE CASCADE,
	"status" text DEFAULT 'new' NOT NULL,
	"relevance" text,
	"owner_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"due_date" date,
	"impact_note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_assessments_pk" PRIMARY KEY ("org_id", "legal_change_id")
);
--> statement-breakpoint
CREATE INDEX "org_assessments_item_idx" ON "org_assessments" ("legal_change_id");
--> statement-breakpoint
CREATE TABLE "org_assessment_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organisations"("id") ON DELETE CASCADE,
	"legal_change_id" integer NOT NULL,
	"actor_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"changes" jsonb NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "org_assessment_history_item_idx" ON "org_assessment_history" ("org_id", "legal_change_id", "id");
--> statement-breakpoint
CREATE TABLE "org_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organisations"("id") ON DELETE CASCADE,
	"legal_change_id" integer NOT NULL REFERENCES "legal_changes"("id") ON DELETE CASCADE,
	"author_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "org_comments_item_idx" ON "org_comments" ("org_id", "legal_change_id", "id");
--> statement-breakpoint
CREATE TABLE "org_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL REFERENCES "organisations"("id") ON DELETE CASCADE,
	"actor_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"action" text NOT NULL,
	"legal_change_id" integer,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "org_activity_org_idx" ON "org_activity" ("org_id", "id");
--> statement-breakpoint
ALTER TABLE "test_checkouts" ADD COLUMN "seat_quantity" integer;
