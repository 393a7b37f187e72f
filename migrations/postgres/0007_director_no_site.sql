-- A group director belongs to no site (issue 25): they see and certify every
-- site, and no site's administrator may change them. Their site_id is NULL;
-- every other user's stays a site.
ALTER TABLE users ALTER COLUMN site_id DROP NOT NULL;
UPDATE users SET site_id = NULL WHERE role = 'director';
ALTER TABLE users ADD CONSTRAINT users_site_by_role CHECK ((role = 'director') = (site_id IS NULL));
