ALTER TABLE "rate_signatures" DROP CONSTRAINT "rate_signatures_status_check";--> statement-breakpoint
ALTER TABLE "rate_signatures" ADD COLUMN "provider_envelope_id" text;--> statement-breakpoint
ALTER TABLE "rate_signatures" ADD CONSTRAINT "rate_signatures_status_check" CHECK ("rate_signatures"."status" in ('sent', 'signed', 'void'));