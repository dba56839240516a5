ALTER TABLE "alert_items" DROP CONSTRAINT "alert_items_legal_change_id_legal_changes_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_legislation_id_legal_changes_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_change_event_id_change_events_id_fk";
