-- A project file of version 19 of the format (PRAGMA user_version = 19),
-- made from the version-8 file before it: tests/common/cp-test-fixture.c
-- runs v1-fixture.sql, then each script after it up to this one. This
-- script adds the columns versions 9 to 19 added, defined as those versions
-- defined them, by ALTER TABLE: at the end of their tables, where their
-- migrations put them too. Then it gives the rows values a version-19 file
-- holds: its quote a cluster of 4 nodes.
--
-- tests/store/test-store.c checks that the store opens it, migrates it to
-- the current version and reads back these values, with what version 20
-- added: the vendor's answer to whether part of the offer can be rented
-- alone, not asked in a version-19 file. Keep it as it is: with the
-- scripts before it, it is the record of what version 19 files look like.

PRAGMA user_version = 19;

BEGIN;
ALTER TABLE project ADD COLUMN reviewed_by TEXT;
ALTER TABLE project ADD COLUMN approved_by TEXT;
ALTER TABLE project ADD COLUMN signed_on TEXT;
ALTER TABLE project ADD COLUMN start_date TEXT;
ALTER TABLE jobs ADD COLUMN after_job_id TEXT;
ALTER TABLE project ADD COLUMN contingency_fraction REAL;
ALTER TABLE project ADD COLUMN vat_rate REAL;
ALTER TABLE project ADD COLUMN prices_include_vat INTEGER;
ALTER TABLE project ADD COLUMN vat_rate_lease REAL;
ALTER TABLE quotes ADD COLUMN vat_basis TEXT NOT NULL DEFAULT 'unstated';
ALTER TABLE quotes ADD COLUMN vat_rate REAL DEFAULT 0;
ALTER TABLE jobs ADD COLUMN team_stated INTEGER NOT NULL DEFAULT 0 CHECK (team_stated IN (0, 1));
ALTER TABLE jobs ADD COLUMN optimizer_states TEXT NOT NULL DEFAULT 'fp32';
ALTER TABLE quotes ADD COLUMN network_fee_terms TEXT NOT NULL DEFAULT 'not-stated';
ALTER TABLE quotes ADD COLUMN storage_price_terms TEXT NOT NULL DEFAULT 'not-stated';
ALTER TABLE quotes ADD COLUMN ops_support_terms TEXT NOT NULL DEFAULT 'not-stated';
ALTER TABLE quotes ADD COLUMN ops_support_fee_per_month REAL DEFAULT 0;
ALTER TABLE project ADD COLUMN budget REAL DEFAULT 0;
ALTER TABLE quotes ADD COLUMN fabric_assumed INTEGER NOT NULL DEFAULT 0 CHECK (fabric_assumed IN (0, 1));
ALTER TABLE jobs ADD COLUMN stated_fields INTEGER NOT NULL DEFAULT 0 CHECK (stated_fields >= 0);
ALTER TABLE jobs ADD COLUMN answer_within_s REAL DEFAULT 0;
UPDATE project SET name = 'Fixture v19 项目', report_language = NULL, start_date = '2027-03-01',
  contingency_fraction = 0.1, vat_rate = 0.06, prices_include_vat = 1, vat_rate_lease = 0.13, budget = 20000.0;
UPDATE quotes SET vendor = 'Fixture v19', nodes_available = 4, network = 'infiniband', nics_per_node = 8,
  nic_gbps = 400.0, sharing = 'dedicated', network_fee_terms = 'included', storage_price_terms = 'included';
UPDATE jobs SET team_stated = 1 WHERE id = 'job-run';
COMMIT;
