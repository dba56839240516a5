ALTER TABLE "cookie_preferences" ADD COLUMN "policy_version" text;--> statement-breakpoint
CREATE TABLE "cookie_consent_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"analytics" boolean NOT NULL,
	"functional" boolean NOT NULL,
	"marketing" boolean NOT NULL,
	"policy_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "cookie_consent_records" ADD CONSTRAINT "cookie_consent_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cookie_consent_records_user_idx" ON "cookie_consent_records" USING btree ("user_id","created_at");
