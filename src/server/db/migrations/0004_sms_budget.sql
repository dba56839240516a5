-- The SMS budget counts today's sent texts whenever texts are claimed or a code is asked for.
CREATE INDEX "outbox_sms_sent_idx" ON "outbox" USING btree ("sent_at") WHERE "outbox"."channel" = 'sms' and "outbox"."status" = 'sent';
