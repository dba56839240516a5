-- The API rate limits (the global one per address, and per-route ones such as the members'
-- sync triggers), counted here so every web process shares them. One row per key and
-- fixed window; unlogged, since losing the counts in a crash only resets the windows.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_hits_pkey" PRIMARY KEY ("key", "window_start")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_start_idx" ON "rate_limit_hits" ("window_start");
