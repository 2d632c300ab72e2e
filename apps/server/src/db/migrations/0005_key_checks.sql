CREATE TABLE "key_checks" (
	"name" text PRIMARY KEY NOT NULL,
	"value" "bytea" NOT NULL
);
