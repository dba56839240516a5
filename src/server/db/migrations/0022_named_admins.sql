CREATE TABLE "admins" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text,
	"built_in_owner" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"totp_secret" text,
	"totp_enabled_at" timestamp with time zone,
	"totp_last_step" bigint,
	"invite_token_hash" text,
	"invite_expires_at" timestamp with time zone,
	"invited_by" integer,
	"accepted_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admins_invite_token_hash_unique" UNIQUE("invite_token_hash")
);--> statement-breakpoint
CREATE UNIQUE INDEX "admins_email_active_uq" ON "admins" USING btree (lower("email")) WHERE "removed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "admins_built_in_owner_uq" ON "admins" USING btree ("built_in_owner") WHERE "built_in_owner";--> statement-breakpoint
CREATE TABLE "admin_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL REFERENCES "admins"("id") ON DELETE CASCADE,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "admin_recovery_codes_admin_idx" ON "admin_recovery_codes" USING btree ("admin_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "admin_id" integer REFERENCES "admins"("id") ON DELETE CASCADE;--> statement-breakpoint
CREATE INDEX "sessions_admin_idx" ON "sessions" USING btree ("admin_id");--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "admin_id" integer;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "user_agent" text;
--> statement-breakpoint
INSERT INTO "admins" ("built_in_owner", "accepted_at") VALUES (true, now());--> statement-breakpoint
UPDATE "sessions" SET "admin_id" = (SELECT "id" FROM "admins" WHERE "built_in_owner") WHERE "kind" = 'admin';--> statement-breakpoint
UPDATE "admin_audit_log" SET "admin_id" = (SELECT "id" FROM "admins" WHERE "built_in_owner");
