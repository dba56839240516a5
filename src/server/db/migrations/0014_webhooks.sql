-- Team chat: a member's Slack or Microsoft Teams incoming webhooks, a third outbox channel.
-- The URL is a secret (whoever holds it can post to the channel): it is stored here and never
-- logged or returned whole. After 5 failed posts in a row a hook is disabled.
CREATE TABLE "user_webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "user_webhooks_kind_check" CHECK ("kind" in ('slack', 'teams'))
);
--> statement-breakpoint
ALTER TABLE "user_webhooks" ADD CONSTRAINT "user_webhooks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_webhooks_user_idx" ON "user_webhooks" USING btree ("user_id");--> statement-breakpoint
-- Outbox rows of the new channel name their hook (the recipient column holds only the masked URL);
-- a removed hook leaves its messages, which then fail. Alerts also note their item for the delivery log.
ALTER TABLE "outbox" ADD COLUMN "webhook_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "legal_change_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_webhook_id_user_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."user_webhooks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_check" CHECK ("channel" in ('email', 'sms', 'webhook'));--> statement-breakpoint
-- the member's delivery log pages through their own messages, newest first
CREATE INDEX "outbox_user_id_idx" ON "outbox" USING btree ("user_id", "id" DESC);--> statement-breakpoint
-- alerts queued before this column: their item, from the change event in the dedupe key
-- (the cast sits inside the CASE: the planner may compare before it filters)
UPDATE "outbox" o SET "legal_change_id" = ce."legal_change_id"
FROM "change_events" ce
WHERE o."kind" = 'alert' AND o."dedupe_key" ~ '^(email|sms):[0-9]+:[0-9]{1,9}$'
  AND ce."id" = (CASE WHEN o."dedupe_key" ~ '^(email|sms):[0-9]+:[0-9]{1,9}$'
                      THEN split_part(o."dedupe_key", ':', 3)::integer END);
