-- Signed webhooks for programs: a `generic` hook kind whose events are signed (Standard
-- Webhooks) with the hook's own secret, kept to sign each delivery.
ALTER TABLE "user_webhooks" DROP CONSTRAINT IF EXISTS "user_webhooks_kind_check";
--> statement-breakpoint
ALTER TABLE "user_webhooks" ADD CONSTRAINT "user_webhooks_kind_check" CHECK ("kind" in ('slack', 'teams', 'generic'));
--> statement-breakpoint
ALTER TABLE "user_webhooks" ADD COLUMN "signing_secret" text;
--> statement-breakpoint
-- Browser push: one subscription per browser (its push service endpoint and keys).
CREATE TABLE "push_subscriptions" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "endpoint" text NOT NULL,
  "p256dh" text NOT NULL,
  "auth" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_success_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_uq" ON "push_subscriptions" USING btree ("endpoint");
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT IF EXISTS "outbox_channel_check";
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_check" CHECK ("channel" in ('email', 'sms', 'webhook', 'push'));
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "push_subscription_id" integer REFERENCES "push_subscriptions"("id") ON DELETE SET NULL;
