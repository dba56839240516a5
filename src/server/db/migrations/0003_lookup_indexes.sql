CREATE INDEX "legal_changes_enactment_idx" ON "legal_changes" USING btree ("enactment_date");--> statement-breakpoint
-- Alert matching looks active search terms up by their first lexeme.
CREATE INDEX IF NOT EXISTS search_terms_first_lexeme_idx ON search_terms (((tsvector_to_array(to_tsvector('english'::regconfig, search_term)))[1])) WHERE is_active;
