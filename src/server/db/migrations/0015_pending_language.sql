ALTER TABLE "pending_registrations" ADD COLUMN "language" text;
