package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"golang.org/x/text/cases"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Classes (issue 23, docs/classes.md): package class validates a class
// before the store writes it; the store checks again what only it can, in
// the transaction that writes: the name free at the site, and the people
// the change adds as they are stored (active, of the right role, of the
// class's site).

const classColumns = `c.id, c.site_id, c.name, c.games, c.starts_on, c.ends_on, c.standing, c.show_names,
	c.created_at, coalesce(c.created_by, 0),
	coalesce((SELECT r.id FROM class_runs r WHERE r.class_id = c.id AND r.ended_at IS NULL), 0)`

// CreateClass stores c, its name normalized, and sets its ID, site,
// CreatedAt and CreatedBy (the request's actor). The class is audited
// (class.created). Returns trainer.ErrClassNameTaken when another class of
// the site has the name (without regard to case), KindNotFound for a
// site or a person that does not exist, and KindInvalid for an instructor
// who is not an active manager or administrator of the site, or a member
// who is not an active trainee of it.
func (db *DB) CreateClass(ctx context.Context, c *trainer.Class) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := createClass(ctx, tx, c); err != nil {
		return fmt.Errorf("create class: %w", err)
	}
	return tx.Commit()
}

func createClass(ctx context.Context, tx *Tx, c *trainer.Class) error {
	c.Name = trainer.NormalizeName(c.Name)
	c.SiteID = cmp.Or(c.SiteID, trainer.FirstSiteID)
	c.Standing = cmp.Or(c.Standing, "none")
	if _, err := findSite(ctx, tx, `id = ?`, c.SiteID); err != nil {
		return err
	}
	if err := checkClassName(ctx, tx, c.SiteID, c.Name, 0); err != nil {
		return err
	}
	people, err := checkClassPeople(ctx, tx, c, &trainer.Class{})
	if err != nil {
		return err
	}
	games, err := json.Marshal(c.Games)
	if err != nil {
		return err
	}
	who := actorOf(ctx)
	c.CreatedAt, c.CreatedBy, c.RunID = tx.Now(), who.ID, 0
	c.ID, err = tx.Insert(ctx, `
		INSERT INTO classes (site_id, name, games, starts_on, ends_on, standing, show_names, created_at, created_by)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.SiteID, c.Name, string(games), day(c.Starts), day(c.Ends), string(c.Standing), c.ShowNames,
		formatTime(tx.Now()), userRef(who.ID))
	if err != nil {
		return classErr(tx, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO class_live (class_id, version) VALUES (?, 0)`, c.ID); err != nil {
		return err
	}
	if err := writeClassPeople(ctx, tx, c, &trainer.Class{}); err != nil {
		return err
	}
	d := classDetail(c)
	d["instructors"] = people.names(c.Instructors)
	d["members"] = people.names(c.Members)
	_, err = appendAudit(ctx, tx, who, trainer.AuditClassCreated, trainer.ClassSubject(c.ID), d)
	return err
}

// UpdateClass stores c over the class of its ID: its name, instructors,
// members with their tables, games, days, standing and names on the
// projector (its site stays). The people it adds are checked as
// CreateClass checks them; those already in it stay as they are (a
// trainee deactivated since stays on the roster, and in its reports, until
// an instructor removes them). The change is audited (class.changed, with
// who was added and removed) and counts as a change of the live drill,
// whose standing may have changed. Returns KindNotFound and CreateClass's
// refusals.
func (db *DB) UpdateClass(ctx context.Context, c *trainer.Class) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	old, err := findClass(ctx, tx, c.ID)
	if err != nil {
		return fmt.Errorf("update class: %w", err)
	}
	c.Name = trainer.NormalizeName(c.Name)
	c.SiteID, c.CreatedAt, c.CreatedBy, c.RunID = old.SiteID, old.CreatedAt, old.CreatedBy, old.RunID
	c.Standing = cmp.Or(c.Standing, "none")
	if err := checkClassName(ctx, tx, c.SiteID, c.Name, c.ID); err != nil {
		return fmt.Errorf("update class: %w", err)
	}
	people, err := checkClassPeople(ctx, tx, c, old)
	if err != nil {
		return fmt.Errorf("update class: %w", err)
	}
	games, err := json.Marshal(c.Games)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `
		UPDATE classes SET name = ?, games = ?, starts_on = ?, ends_on = ?, standing = ?, show_names = ? WHERE id = ?`,
		c.Name, string(games), day(c.Starts), day(c.Ends), string(c.Standing), c.ShowNames, c.ID); err != nil {
		return fmt.Errorf("update class: %w", classErr(tx, err))
	}
	if err := writeClassPeople(ctx, tx, c, old); err != nil {
		return fmt.Errorf("update class: %w", err)
	}
	d, changed := classChanges(old, c, people)
	if changed {
		if _, err := appendAudit(ctx, tx, actorOf(ctx), trainer.AuditClassChanged, trainer.ClassSubject(c.ID), d); err != nil {
			return fmt.Errorf("update class: %w", err)
		}
		if err := bumpLive(ctx, tx, c.ID); err != nil {
			return fmt.Errorf("update class: %w", err)
		}
	}
	return tx.Commit()
}

// FindClass returns class id with its instructors and members. Returns
// trainer.ErrClassNotFound.
func (db *DB) FindClass(ctx context.Context, id int64) (*trainer.Class, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return findClass(ctx, tx, id)
}

// FindClassByName returns the class of site siteID (0 for the first) named
// name, compared without regard to case. Returns trainer.ErrClassNotFound.
func (db *DB) FindClassByName(ctx context.Context, siteID int64, name string) (*trainer.Class, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	id, err := classNamed(ctx, tx, cmp.Or(siteID, trainer.FirstSiteID), trainer.NormalizeName(name), 0)
	if err != nil {
		return nil, err
	}
	if id == 0 {
		return nil, trainer.ErrClassNotFound
	}
	return findClass(ctx, tx, id)
}

// ListClasses returns the classes that match f, by name.
func (db *DB) ListClasses(ctx context.Context, f trainer.ClassFilter) ([]*trainer.Class, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	where, args := []string{"1 = 1"}, []any{}
	if f.SiteID != 0 {
		where, args = append(where, "c.site_id = ?"), append(args, f.SiteID)
	}
	if f.InstructorID != 0 {
		where = append(where, "EXISTS (SELECT 1 FROM class_instructors i WHERE i.class_id = c.id AND i.user_id = ?)")
		args = append(args, f.InstructorID)
	}
	if f.MemberID != 0 {
		where = append(where, "EXISTS (SELECT 1 FROM class_members m WHERE m.class_id = c.id AND m.user_id = ?)")
		args = append(args, f.MemberID)
	}
	if f.Live {
		where = append(where, "EXISTS (SELECT 1 FROM class_runs r WHERE r.class_id = c.id AND r.ended_at IS NULL)")
	}
	rows, err := tx.QueryContext(ctx, `SELECT `+classColumns+` FROM classes c WHERE `+strings.Join(where, " AND ")+`
		ORDER BY c.name, c.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("list classes: %w", err)
	}
	var out []*trainer.Class
	for rows.Next() {
		c, err := scanClass(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("list classes: %w", err)
		}
		out = append(out, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list classes: %w", err)
	}
	for _, c := range out {
		if err := readClassPeople(ctx, tx, c); err != nil {
			return nil, fmt.Errorf("list classes: %w", err)
		}
	}
	return out, nil
}

// findClass reads class id whole.
func findClass(ctx context.Context, tx *Tx, id int64) (*trainer.Class, error) {
	c, err := scanClass(tx.QueryRowContext(ctx, `SELECT `+classColumns+` FROM classes c WHERE c.id = ?`, id))
	if err != nil {
		return nil, notFound(tx, err, trainer.ErrClassNotFound)
	}
	if err := readClassPeople(ctx, tx, c); err != nil {
		return nil, err
	}
	return c, nil
}

func scanClass(sc scanner) (*trainer.Class, error) {
	var c trainer.Class
	var games, standing string
	var starts, ends storedDay
	var created storedTime
	if err := sc.Scan(&c.ID, &c.SiteID, &c.Name, &games, &starts, &ends, &standing, &c.ShowNames,
		&created, &c.CreatedBy, &c.RunID); err != nil {
		return nil, err
	}
	c.Standing = trainer.ClassStanding(standing)
	if err := json.Unmarshal([]byte(games), &c.Games); err != nil {
		return nil, fmt.Errorf("class %d: games: %w", c.ID, err)
	}
	var err error
	if c.Starts, err = starts.day(); err != nil {
		return nil, err
	}
	if c.Ends, err = ends.day(); err != nil {
		return nil, err
	}
	if c.CreatedAt, err = created.time(); err != nil {
		return nil, err
	}
	return &c, nil
}

// readClassPeople reads c's instructors and members (with their tables),
// each in the order of their IDs.
func readClassPeople(ctx context.Context, tx *Tx, c *trainer.Class) error {
	c.Instructors, c.Members, c.Tables = nil, nil, nil
	rows, err := tx.QueryContext(ctx, `SELECT user_id FROM class_instructors WHERE class_id = ? ORDER BY user_id`, c.ID)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		c.Instructors = append(c.Instructors, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	rows, err = tx.QueryContext(ctx, `SELECT user_id, practice_table FROM class_members WHERE class_id = ? ORDER BY user_id`, c.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var table string
		if err := rows.Scan(&id, &table); err != nil {
			return err
		}
		c.Members = append(c.Members, id)
		if table != "" {
			if c.Tables == nil {
				c.Tables = map[int64]string{}
			}
			c.Tables[id] = table
		}
	}
	return rows.Err()
}

// checkClassName refuses name at site when another class there (other
// than except) has it, without regard to case: SQLite's NOCASE folds ASCII
// only, so the store folds every name itself, and both stores refuse alike.
func checkClassName(ctx context.Context, tx *Tx, site int64, name string, except int64) error {
	id, err := classNamed(ctx, tx, site, name, except)
	if err != nil {
		return err
	}
	if id != 0 {
		return trainer.ErrClassNameTaken
	}
	return nil
}

// classNamed returns the ID of the class of site named name without regard
// to case, other than except; 0 for none.
func classNamed(ctx context.Context, tx *Tx, site int64, name string, except int64) (int64, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, name FROM classes WHERE site_id = ? AND id <> ? ORDER BY id`, site, except)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	fold := cases.Fold()
	key := fold.String(name)
	for rows.Next() {
		var id int64
		var other string
		if err := rows.Scan(&id, &other); err != nil {
			return 0, err
		}
		if fold.String(other) == key {
			return id, nil
		}
	}
	return 0, rows.Err()
}

// classPeople are the users a change names, by ID.
type classPeople map[int64]*trainer.User

// names are the names of ids, in order.
func (p classPeople) names(ids []int64) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if u := p[id]; u != nil {
			out = append(out, u.Name)
		}
	}
	return out
}

// checkClassPeople checks the instructors and members c adds to old, as
// stored now, and returns every user either names. An instructor is an
// active manager or administrator of c's site, a member an active trainee
// of it; a table is a member's.
func checkClassPeople(ctx context.Context, tx *Tx, c, old *trainer.Class) (classPeople, error) {
	if len(c.Members) > trainer.MaxClassMembers {
		return nil, trainer.ClassMembersMany()
	}
	people := classPeople{}
	load := func(id int64) (*trainer.User, error) {
		if u := people[id]; u != nil {
			return u, nil
		}
		u, err := findUser(ctx, tx, `id = ?`, id)
		if err != nil {
			return nil, err
		}
		people[id] = u
		return u, nil
	}
	for _, id := range c.Instructors {
		u, err := load(id)
		if err != nil {
			return nil, err
		}
		if slices.Contains(old.Instructors, id) {
			continue
		}
		switch {
		case !u.Active || (u.Role != trainer.RoleManager && u.Role != trainer.RoleAdministrator):
			return nil, trainer.ClassInstructorRefused(u.Name)
		case u.SiteID != c.SiteID:
			return nil, trainer.ClassOtherSite(u.Name)
		}
	}
	for _, id := range c.Members {
		u, err := load(id)
		if err != nil {
			return nil, err
		}
		if slices.Contains(old.Members, id) {
			continue
		}
		switch {
		case !u.Active || u.Role != trainer.RoleTrainee:
			return nil, trainer.ClassMemberRefused(u.Name)
		case u.SiteID != c.SiteID:
			return nil, trainer.ClassOtherSite(u.Name)
		}
	}
	for id := range c.Tables {
		if !slices.Contains(c.Members, id) {
			return nil, trainer.Errorf(trainer.KindInvalid, "A practice table is given to someone not in the class.")
		}
	}
	for _, id := range slices.Concat(old.Instructors, old.Members) {
		if _, err := load(id); err != nil {
			return nil, err
		}
	}
	return people, nil
}

// writeClassPeople makes the rows of c's instructors and members what c
// says, from old's: those added are inserted, those gone deleted, and the
// members kept keep when they were added.
func writeClassPeople(ctx context.Context, tx *Tx, c, old *trainer.Class) error {
	for _, id := range old.Instructors {
		if !slices.Contains(c.Instructors, id) {
			if _, err := tx.ExecContext(ctx, `DELETE FROM class_instructors WHERE class_id = ? AND user_id = ?`, c.ID, id); err != nil {
				return err
			}
		}
	}
	for _, id := range c.Instructors {
		if !slices.Contains(old.Instructors, id) {
			if _, err := tx.ExecContext(ctx, `INSERT INTO class_instructors (class_id, user_id) VALUES (?, ?)`, c.ID, id); err != nil {
				return classErr(tx, err)
			}
		}
	}
	for _, id := range old.Members {
		if !slices.Contains(c.Members, id) {
			if _, err := tx.ExecContext(ctx, `DELETE FROM class_members WHERE class_id = ? AND user_id = ?`, c.ID, id); err != nil {
				return err
			}
		}
	}
	for _, id := range c.Members {
		var err error
		switch {
		case !slices.Contains(old.Members, id):
			err = addClassMember(ctx, tx, c.ID, id, c.Tables[id])
		case c.Tables[id] != old.Tables[id]:
			_, err = tx.ExecContext(ctx, `UPDATE class_members SET practice_table = ? WHERE class_id = ? AND user_id = ?`,
				c.Tables[id], c.ID, id)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func addClassMember(ctx context.Context, tx *Tx, classID, userID int64, table string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO class_members (class_id, user_id, practice_table, added_at) VALUES (?, ?, ?, ?)`,
		classID, userID, table, formatTime(tx.Now()))
	return classErr(tx, err)
}

// classDetail is what the audit log records of a class.
func classDetail(c *trainer.Class) map[string]any {
	d := map[string]any{"name": c.Name, "site": c.SiteID, "games": c.Games, "standing": string(c.Standing),
		"show_names": c.ShowNames}
	if s := day(c.Starts); s != nil {
		d["starts"] = s
	}
	if e := day(c.Ends); e != nil {
		d["ends"] = e
	}
	return d
}

// classChanges is the audit detail of old becoming c: the class as it is
// now, with the people added and removed; changed is false when nothing
// changed.
func classChanges(old, c *trainer.Class, people classPeople) (map[string]any, bool) {
	d := classDetail(c)
	changed := old.Name != c.Name || !slices.Equal(old.Games, c.Games) || !old.Starts.Equal(c.Starts) ||
		!old.Ends.Equal(c.Ends) || old.Standing != c.Standing || old.ShowNames != c.ShowNames
	diff := func(key string, from, to []int64) {
		var ids []int64
		for _, id := range to {
			if !slices.Contains(from, id) {
				ids = append(ids, id)
			}
		}
		if len(ids) > 0 {
			d[key], changed = people.names(ids), true
		}
	}
	diff("instructors_added", old.Instructors, c.Instructors)
	diff("instructors_removed", c.Instructors, old.Instructors)
	diff("members_added", old.Members, c.Members)
	diff("members_removed", c.Members, old.Members)
	var moved []string
	for _, id := range c.Members {
		if slices.Contains(old.Members, id) && old.Tables[id] != c.Tables[id] {
			moved = append(moved, people[id].Name+": "+cmp.Or(c.Tables[id], "-"))
		}
	}
	if len(moved) > 0 {
		d["tables_changed"], changed = moved, true
	}
	return d, changed
}

// classErr translates a write's error: a class name taken at the site.
func classErr(tx *Tx, err error) error {
	if err != nil && tx.db.d.IsUnique(err) {
		return trainer.ErrClassNameTaken
	}
	return err
}

// notFound turns no rows into nf, and passes any other error on.
func notFound(tx *Tx, err error, nf *trainer.Error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return nf
	}
	return tx.translate(err, nf.Message)
}

// userRef is a user's ID as a column that references users: NULL for 0,
// the machine's operator or the kiosk.
func userRef(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// DayLayout is how the stores write a day: SQLite's text, PostgreSQL's
// DATE takes it as it is.
const DayLayout = "2006-01-02"

// day is t's date as the stores keep it, or NULL for the zero time.
func day(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.Format(DayLayout)
}

// storedDay scans a day as either store returns it: SQLite's text,
// PostgreSQL's date; NULL is the zero time. A day comes back at midnight
// UTC.
type storedDay struct {
	t   time.Time
	err error
}

// Scan implements sql.Scanner.
func (s *storedDay) Scan(src any) error {
	s.t, s.err = time.Time{}, nil
	switch v := src.(type) {
	case nil:
	case time.Time:
		y, m, d := v.Date()
		s.t = time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	case string:
		s.t, s.err = time.Parse(DayLayout, v)
	case []byte:
		s.t, s.err = time.Parse(DayLayout, string(v))
	default:
		s.err = fmt.Errorf("parse stored day: a %T", src)
	}
	return nil
}

func (s storedDay) day() (time.Time, error) { return s.t, s.err }
