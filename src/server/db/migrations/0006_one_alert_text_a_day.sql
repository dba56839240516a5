ALTER TABLE "users" ADD COLUMN "last_alert_sms_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_items" ADD COLUMN "sms_held_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "alert_items_sms_held_idx" ON "alert_items" USING btree ("user_id") WHERE "alert_items"."sms_held_at" is not null and "alert_items"."sms_queued_at" is null;