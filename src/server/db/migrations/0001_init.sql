CREATE TABLE "jurisdictions" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"flag" text NOT NULL,
	"country_code" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	CONSTRAINT "jurisdictions_country_code_unique" UNIQUE("country_code")
);
--> statement-breakpoint
CREATE TABLE "law_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	CONSTRAINT "law_areas_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "legislation_types" (
	"code" text PRIMARY KEY NOT NULL,
	"preference_key" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"sort_order" integer NOT NULL,
	"globally_available" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legislation_types_preference_key_unique" UNIQUE("preference_key")
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "pending_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"send_count" integer DEFAULT 1 NOT NULL,
	"send_window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'member' NOT NULL,
	"user_id" integer,
	"token_hash" text NOT NULL,
	"keep_logged_in" boolean DEFAULT false NOT NULL,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company_name" text,
	"subscription_tier" text DEFAULT 'trial' NOT NULL,
	"subscription_status" text DEFAULT 'trialing' NOT NULL,
	"trial_ends_at" timestamp with time zone NOT NULL,
	"phone_number" text,
	"phone_verified" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"email_notifications_enabled" boolean DEFAULT true NOT NULL,
	"sms_notifications_enabled" boolean DEFAULT false NOT NULL,
	"email_news_alerts_enabled" boolean DEFAULT false NOT NULL,
	"sms_alerts_enabled" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"country" text,
	"timezone" text DEFAULT 'Europe/London' NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_overviews" (
	"legal_change_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"model" text,
	"content" jsonb NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"input_hash" text,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amendments" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_change_id" integer NOT NULL,
	"upstream_id" text NOT NULL,
	"bill_stage_id" text,
	"amendment_number" text,
	"status" text,
	"amendment_type" text,
	"house" text,
	"lead_sponsor" text,
	"lead_sponsor_party" text,
	"clause" text,
	"amendment_text" text,
	"explanatory_text" text,
	"stage_name" text,
	"stage_date" date,
	"stage_date_from" date,
	"date_published" date,
	"official_url" text,
	"content_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "amendments_item_upstream_uq" UNIQUE("legal_change_id","upstream_id")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_change_id" integer NOT NULL,
	"upstream_id" text NOT NULL,
	"title" text NOT NULL,
	"document_type" text DEFAULT 'other' NOT NULL,
	"file_format" text,
	"file_size" bigint,
	"published_date" date,
	"description" text,
	"file_url" text,
	"download_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_item_upstream_uq" UNIQUE("legal_change_id","upstream_id")
);
--> statement-breakpoint
CREATE TABLE "legal_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"upstream_id" text NOT NULL,
	"title" text NOT NULL,
	"long_title" text,
	"description" text,
	"category" text NOT NULL,
	"legislation_type" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"jurisdiction_id" integer DEFAULT 1 NOT NULL,
	"law_area_id" integer,
	"parliamentary_session" text,
	"current_house" text,
	"current_stage" text,
	"current_stage_date" date,
	"current_stage_show_from" date,
	"scottish_bill_reference" text,
	"short_name" text,
	"third_party_organisation" text,
	"legislation_year" integer,
	"legislation_number" text,
	"isbn" text,
	"si_number" text,
	"department_name" text,
	"procedure_name" text,
	"enabled_by" text,
	"government_body_name" text,
	"government_body_type" text,
	"official_url" text,
	"subject" text,
	"is_draft" boolean DEFAULT false NOT NULL,
	"supersedes" text,
	"withdrawn" boolean DEFAULT false NOT NULL,
	"defeated" boolean DEFAULT false NOT NULL,
	"consultation_start_date" date,
	"consultation_end_date" date,
	"proposed_date" date,
	"enactment_date" date,
	"effective_date" date,
	"date_laid" date,
	"made_date" date,
	"item_date" date DEFAULT CURRENT_DATE NOT NULL,
	"last_updated_date" timestamp with time zone,
	"content_hash" text,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(long_title, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED,
	CONSTRAINT "legal_changes_source_upstream_uq" UNIQUE("source","upstream_id")
);
--> statement-breakpoint
CREATE TABLE "news_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_change_id" integer NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"source" text NOT NULL,
	"favicon" text,
	"provider" text NOT NULL,
	"published_date" timestamp with time zone,
	"relevance_score" real DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_articles_item_url_uq" UNIQUE("legal_change_id","url")
);
--> statement-breakpoint
CREATE TABLE "news_caches" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_change_id" integer NOT NULL,
	"search_query" text NOT NULL,
	"fetch_success" boolean DEFAULT false NOT NULL,
	"historic" boolean DEFAULT false NOT NULL,
	"new_articles_count" integer DEFAULT 0 NOT NULL,
	"updated_articles_count" integer DEFAULT 0 NOT NULL,
	"total_articles_count" integer DEFAULT 0 NOT NULL,
	"jurisdiction" text DEFAULT 'UK' NOT NULL,
	"error_message" text,
	"last_fetched" timestamp with time zone,
	"next_fetch" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_caches_legal_change_id_unique" UNIQUE("legal_change_id")
);
--> statement-breakpoint
CREATE TABLE "news_search_terms" (
	"legal_change_id" integer PRIMARY KEY NOT NULL,
	"official" text NOT NULL,
	"alternatives" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timeline_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_change_id" integer NOT NULL,
	"upstream_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"event_date" date,
	"event_type" text DEFAULT 'other' NOT NULL,
	"house" text,
	"source_url" text,
	"source_name" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timeline_events_item_upstream_uq" UNIQUE("legal_change_id","upstream_id")
);
--> statement-breakpoint
CREATE TABLE "alert_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"alert_frequency" text DEFAULT 'immediate' NOT NULL,
	"new_bill_alerts" boolean DEFAULT true NOT NULL,
	"status_change_alerts" boolean DEFAULT true NOT NULL,
	"stage_change_alerts" boolean DEFAULT true NOT NULL,
	"deadline_alerts" boolean DEFAULT false NOT NULL,
	"last_digest_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cookie_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"analytics" boolean DEFAULT false NOT NULL,
	"marketing" boolean DEFAULT false NOT NULL,
	"functional" boolean DEFAULT false NOT NULL,
	"consent_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"search_term" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"legal_change_id" integer NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_actions_user_item_uq" UNIQUE("user_id","legal_change_id")
);
--> statement-breakpoint
CREATE TABLE "user_legislation_preferences" (
	"user_id" integer NOT NULL,
	"legislation_type_code" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_legislation_preferences_user_id_legislation_type_code_pk" PRIMARY KEY("user_id","legislation_type_code")
);
--> statement-breakpoint
CREATE TABLE "user_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"jurisdiction_id" integer NOT NULL,
	"law_area_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_subscriptions_uq" UNIQUE("user_id","jurisdiction_id","law_area_id")
);
--> statement-breakpoint
CREATE TABLE "change_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_change_id" integer NOT NULL,
	"kind" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"sync_operation_id" integer,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "monitoring_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"operation" text NOT NULL,
	"jurisdiction" text DEFAULT 'UK' NOT NULL,
	"details" text,
	"status" text NOT NULL,
	"sync_operation_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"duration_ms" integer
);
--> statement-breakpoint
CREATE TABLE "sync_cursors" (
	"source" text PRIMARY KEY NOT NULL,
	"cursor" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"sync_type" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"triggered_by" text DEFAULT 'schedule' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"new_primary_records" integer DEFAULT 0 NOT NULL,
	"updated_primary_records" integer DEFAULT 0 NOT NULL,
	"unchanged_primary_records" integer DEFAULT 0 NOT NULL,
	"failed_primary_records" integer DEFAULT 0 NOT NULL,
	"new_secondary_records" integer DEFAULT 0 NOT NULL,
	"updated_secondary_records" integer DEFAULT 0 NOT NULL,
	"unchanged_secondary_records" integer DEFAULT 0 NOT NULL,
	"failed_secondary_records" integer DEFAULT 0 NOT NULL,
	"new_amendment_records" integer DEFAULT 0 NOT NULL,
	"updated_amendment_records" integer DEFAULT 0 NOT NULL,
	"unchanged_amendment_records" integer DEFAULT 0 NOT NULL,
	"failed_amendment_records" integer DEFAULT 0 NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error_message" text
);
--> statement-breakpoint
CREATE TABLE "upstream_snapshots" (
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"upstream_id" text NOT NULL,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upstream_snapshots_source_kind_upstream_id_pk" PRIMARY KEY("source","kind","upstream_id")
);
--> statement-breakpoint
CREATE TABLE "alert_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"change_event_id" integer NOT NULL,
	"legal_change_id" integer NOT NULL,
	"reason" text NOT NULL,
	"detail" jsonb,
	"frequency" text NOT NULL,
	"email_queued_at" timestamp with time zone,
	"sms_queued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"legislation_id" integer,
	"change_event_id" integer,
	"dedupe_key" text NOT NULL,
	"read_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"recipient" text NOT NULL,
	"subject" text,
	"body_text" text NOT NULL,
	"body_html" text,
	"headers" jsonb,
	"dedupe_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_overviews" ADD CONSTRAINT "ai_overviews_legal_change_id_legal_changes_id_fk" FOREIGN KEY ("legal_change_id") REFERENCES "public"."legal_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendments" ADD CONSTRAINT "amendments_legal_change_id_legal_changes_id_fk" FOREIGN KEY ("legal_change_id") REFERENCES "public"."legal_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_legal_change_id_legal_changes_id_fk" FOREIGN KEY ("legal_change_id") REFERENCES "public"."legal_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_changes" ADD CONSTRAINT "legal_changes_jurisdiction_id_jurisdictions_id_fk" FOREIGN KEY ("jurisdiction_id") REFERENCES "public"."jurisdictions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_changes" ADD CONSTRAINT "legal_changes_law_area_id_law_areas_id_fk" FOREIGN KEY ("law_area_id") REFERENCES "public"."law_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_legal_change_id_legal_changes_id_fk" FOREIGN KEY ("legal_change_id") REFERENCES "public"."legal_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_caches" ADD CONSTRAINT "news_caches_legal_change_id_legal_changes_id_fk" FOREIGN KEY ("legal_change_id") REFERENCES "public"."legal_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_search_terms" ADD CONSTRAINT "news_search_terms_legal_change_id_legal_changes_id_fk" FOREIGN KEY ("legal_change_id") REFERENCES "public"."legal_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD CONSTRAINT "timeline_events_legal_change_id_legal_changes_id_fk" FOREIGN KEY ("legal_change_id") REFERENCES "public"."legal_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_preferences" ADD CONSTRAINT "alert_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cookie_preferences" ADD CONSTRAINT "cookie_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_terms" ADD CONSTRAINT "search_terms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_actions" ADD CONSTRAINT "user_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_actions" ADD CONSTRAINT "user_actions_legal_change_id_legal_changes_id_fk" FOREIGN KEY ("legal_change_id") REFERENCES "public"."legal_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_legislation_preferences" ADD CONSTRAINT "user_legislation_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_legislation_preferences" ADD CONSTRAINT "user_legislation_preferences_legislation_type_code_legislation_types_code_fk" FOREIGN KEY ("legislation_type_code") REFERENCES "public"."legislation_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_jurisdiction_id_jurisdictions_id_fk" FOREIGN KEY ("jurisdiction_id") REFERENCES "public"."jurisdictions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_law_area_id_law_areas_id_fk" FOREIGN KEY ("law_area_id") REFERENCES "public"."law_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_events" ADD CONSTRAINT "change_events_legal_change_id_legal_changes_id_fk" FOREIGN KEY ("legal_change_id") REFERENCES "public"."legal_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_items" ADD CONSTRAINT "alert_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_items" ADD CONSTRAINT "alert_items_change_event_id_change_events_id_fk" FOREIGN KEY ("change_event_id") REFERENCES "public"."change_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_items" ADD CONSTRAINT "alert_items_legal_change_id_legal_changes_id_fk" FOREIGN KEY ("legal_change_id") REFERENCES "public"."legal_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_legislation_id_legal_changes_id_fk" FOREIGN KEY ("legislation_id") REFERENCES "public"."legal_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_change_event_id_change_events_id_fk" FOREIGN KEY ("change_event_id") REFERENCES "public"."change_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pending_registrations_email_idx" ON "pending_registrations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "phone_verifications_user_idx" ON "phone_verifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "phone_verifications_phone_idx" ON "phone_verifications" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "legal_changes_date_idx" ON "legal_changes" USING btree ("item_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "legal_changes_category_date_idx" ON "legal_changes" USING btree ("category","item_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "legal_changes_juris_category_date_idx" ON "legal_changes" USING btree ("jurisdiction_id","category","item_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "legal_changes_title_idx" ON "legal_changes" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "legal_changes_category_title_idx" ON "legal_changes" USING btree ("category",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "legal_changes_type_idx" ON "legal_changes" USING btree ("legislation_type");--> statement-breakpoint
CREATE INDEX "legal_changes_consultation_end_idx" ON "legal_changes" USING btree ("consultation_end_date");--> statement-breakpoint
CREATE INDEX "legal_changes_search_idx" ON "legal_changes" USING gin ("search");--> statement-breakpoint
CREATE INDEX "legal_changes_title_trgm_idx" ON "legal_changes" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "news_articles_updated_idx" ON "news_articles" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "news_caches_next_fetch_idx" ON "news_caches" USING btree ("next_fetch");--> statement-breakpoint
CREATE UNIQUE INDEX "search_terms_user_term_uq" ON "search_terms" USING btree ("user_id",lower("search_term"));--> statement-breakpoint
CREATE INDEX "search_terms_active_idx" ON "search_terms" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "user_actions_item_action_idx" ON "user_actions" USING btree ("legal_change_id","action");--> statement-breakpoint
CREATE INDEX "user_actions_user_action_idx" ON "user_actions" USING btree ("user_id","action");--> statement-breakpoint
CREATE INDEX "change_events_unprocessed_idx" ON "change_events" USING btree ("id") WHERE "change_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "change_events_item_idx" ON "change_events" USING btree ("legal_change_id","detected_at");--> statement-breakpoint
CREATE INDEX "monitoring_logs_started_idx" ON "monitoring_logs" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sync_operations_started_idx" ON "sync_operations" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "alert_items_user_event_uq" ON "alert_items" USING btree ("user_id","change_event_id");--> statement-breakpoint
CREATE INDEX "alert_items_pending_idx" ON "alert_items" USING btree ("frequency","email_queued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_uq" ON "notifications" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_uq" ON "outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at" DESC NULLS LAST);