CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"path" text NOT NULL,
	"route_id" text NOT NULL,
	"visitor_id" uuid NOT NULL,
	"user_id" uuid,
	"duration_ms" integer,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consent_id" uuid NOT NULL,
	"user_id" uuid,
	"categories" text[] NOT NULL,
	"revision" integer NOT NULL,
	"locale" text NOT NULL,
	"action" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_occurred_at_idx" ON "analytics_events" USING btree ("occurred_at","route_id");--> statement-breakpoint
CREATE INDEX "consent_records_consent_id_idx" ON "consent_records" USING btree ("consent_id","received_at");--> statement-breakpoint
-- Not tenant tables (no merchant): the request path (app_user) appends events and consent records; only the
-- staff counts read events back (route-counts, staff-only). Nobody updates or deletes through the request path.
GRANT SELECT, INSERT ON analytics_events TO app_user;
--> statement-breakpoint
GRANT INSERT ON consent_records TO app_user;
