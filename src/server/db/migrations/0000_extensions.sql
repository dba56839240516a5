-- Extensions the schema relies on (registered in the embedded server too).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
