-- drizzle-kit does not emit CREATE EXTENSION; trigram search needs pg_trgm on both engines.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
