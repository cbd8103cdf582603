ALTER TABLE "capital_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "capital_requests" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "capital_requests" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "capital_requests" ADD CONSTRAINT "capital_requests_decision_check" CHECK (("capital_requests"."status" = 'requested') = ("capital_requests"."decided_at" is null) and ("capital_requests"."status" = 'declined') = ("capital_requests"."decline_reason" is not null));