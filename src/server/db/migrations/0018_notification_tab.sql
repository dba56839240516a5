ALTER TABLE "notifications" ADD COLUMN "tab" text;
