-- How far each time-driven announcement has been checked (server/db/due-clock.ts): an instance
-- claims the time since the mark in one statement, so each passed moment (an ad's start or end, a
-- breaking-news expiry) is announced by one instance only. `previous_up_to` is the mark before the
-- last claim: RETURNING gives the row as updated, and the claimer needs the old mark.
CREATE TABLE "clock_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"checked_up_to" timestamp with time zone NOT NULL,
	"previous_up_to" timestamp with time zone NOT NULL
);
