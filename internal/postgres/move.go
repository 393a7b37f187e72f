package postgres

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Moving a school into the group (`trainer migrate`, docs/group.md): the
// rows of a SQLite kiosk are copied into one site in one transaction, each
// recorded in moved_rows under the school's identity, so a failure leaves
// the group as it was and a second run copies only what is new. The school's
// audit entries, verified by the caller with the school's key, are appended
// to the group's chain under the group's key, each with its original number
// and time, its subject and ids translated to the group's.

// AuditSchoolMoved records that a school was moved into a site: its
// identity and the counts copied.
const AuditSchoolMoved = "school.moved"

// SchoolMove is what MoveSchool copies and where.
type SchoolMove struct {
	// School is the school's identity: the hash of its audit trail's first
	// entry (no two kiosks' trails start alike).
	School string
	Site   string // the site's name, created if missing
	House  string // the school's house: the site must play it
	// From reads the school's SQLite file (a read transaction, so the copy
	// sees one state of it).
	From *sql.Tx
	// Entries is the school's audit trail in order, already verified.
	Entries []*trainer.AuditEntry
	// KeyedFrom is the number of the trail's first keyed entry, for the
	// note on the entries from before the school's key.
	KeyedFrom int64
}

// MoveKinds are the kinds of rows MoveSchool copies, in the order it copies
// and reports them; programme_same counts the school's programme versions
// that are the group's own (the same content), found and not copied.
var MoveKinds = []string{"user", "session", "attempt", "exam", "cert_event", "rules_version",
	"signer", "programme", "programme_same", "sheet", "hours", "topic", "audit"}

// CountKey is the key of the count of kind in the audit entries that
// record a move ("users", "hours", "programmes_same").
func CountKey(kind string) string {
	switch kind {
	case "hours":
		return kind
	case "programme_same":
		return "programmes_same"
	}
	return kind + "s"
}

// MoveReport says what MoveSchool copied.
type MoveReport struct {
	SiteCreated bool
	Site        string         // the site's name as the group spells it
	Counts      map[string]int // by MoveKinds; zero for nothing new
}

// Total is the number of rows copied.
func (r MoveReport) Total() int {
	n := 0
	for _, c := range r.Counts {
		n += c
	}
	return n
}

// ClashError refuses a move whose users' names or badge numbers are taken
// in the group: every clash of both kinds is listed at once, so that one
// round of renaming at the school settles them all. Badges holds each school
// user as "Name (badge N)".
type ClashError struct{ Names, Badges []string }

func (e *ClashError) Error() string {
	var parts []string
	if len(e.Names) > 0 {
		parts = append(parts, "these users' names are already taken in the group: "+strings.Join(e.Names, ", "))
	}
	if len(e.Badges) > 0 {
		parts = append(parts, "these users' badge numbers are already other users' in the group: "+strings.Join(e.Badges, ", "))
	}
	return strings.Join(parts, "; ") + "; rename them or give them other badges at the school (or in the group) and run it again"
}

// mover is one move in progress: the ids copied so far, old to new.
type mover struct {
	m    SchoolMove
	tx   *Tx
	site int64
	name string                     // the site's name as the group spells it
	ids  map[string]map[int64]int64 // kind → old id → new id
	// versions are the rules versions copied, by name.
	versions map[string]bool
	count    map[string]int
}

// MoveSchool copies the school of m into its site, in one transaction.
func (db *DB) MoveSchool(ctx context.Context, m SchoolMove) (MoveReport, error) {
	rep := MoveReport{Counts: map[string]int{}}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return rep, err
	}
	defer tx.Rollback()
	mv := &mover{m: m, tx: tx, ids: map[string]map[int64]int64{}, versions: map[string]bool{}, count: rep.Counts}
	if rep.SiteCreated, err = mv.useSite(ctx); err != nil {
		return rep, err
	}
	rep.Site = mv.name
	if err := mv.loadMoved(ctx); err != nil {
		return rep, err
	}
	steps := []struct {
		kind string
		copy func(context.Context) error
	}{
		{"user", mv.users}, {"session", mv.sessions}, {"attempt", mv.attempts}, {"exam", mv.exams},
		{"cert_event", mv.certEvents}, {"rules_version", mv.rulesVersions},
		{"signer", mv.signers}, {"programme", mv.programmes}, {"sheet", mv.sheets}, {"hours", mv.hours}, {"topic", mv.topics},
		{"audit", mv.audit},
	}
	for _, s := range steps {
		if err := s.copy(ctx); err != nil {
			return rep, fmt.Errorf("move %s: %w", s.kind, err)
		}
	}
	if rep.Total() == 0 && !rep.SiteCreated {
		return rep, nil // nothing new: nothing written
	}
	d := map[string]any{"school": m.School, "site": m.Site}
	for k, n := range rep.Counts {
		d[CountKey(k)] = n
	}
	if _, err := appendAudit(ctx, tx, actorOf(ctx), AuditSchoolMoved, "site:"+strconv.FormatInt(mv.site, 10), d); err != nil {
		return rep, err
	}
	return rep, tx.Commit()
}

// SchoolMoved reports whether the school whose identity is school (the
// hash of its audit trail's first entry) was moved into the group.
func (db *DB) SchoolMoved(ctx context.Context, school string) (bool, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM moved_rows WHERE school = ?`, school).Scan(&n); err != nil {
		return false, fmt.Errorf("moved rows: %w", err)
	}
	return n > 0, nil
}

// useSite finds the site by name, or makes it playing the school's house;
// a site that plays another house is refused.
func (mv *mover) useSite(ctx context.Context) (bool, error) {
	var house string
	err := mv.tx.QueryRowContext(ctx, `SELECT id, name, house FROM sites WHERE name = ?`, mv.m.Site).Scan(&mv.site, &mv.name, &house)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		mv.name = mv.m.Site
		mv.site, err = mv.tx.Insert(ctx, `INSERT INTO sites (name, house, created_at) VALUES (?, ?, ?)`,
			mv.m.Site, mv.m.House, mv.tx.Now())
		if err != nil {
			return false, fmt.Errorf("create site: %w", err)
		}
		return true, nil
	case err != nil:
		return false, fmt.Errorf("find site: %w", err)
	case house != mv.m.House:
		return false, fmt.Errorf("-site: %s plays house %s, the school plays house %s: choose a site that plays %s, or a new name",
			mv.m.Site, house, mv.m.House, mv.m.House)
	}
	return false, nil
}

// loadMoved reads what earlier runs copied from this school.
func (mv *mover) loadMoved(ctx context.Context) error {
	for _, k := range MoveKinds {
		mv.ids[k] = map[int64]int64{}
	}
	rows, err := mv.tx.QueryContext(ctx, `SELECT kind, old_id, new_id FROM moved_rows WHERE school = ?`, mv.m.School)
	if err != nil {
		return fmt.Errorf("moved rows: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var kind, old string
		var id int64
		if err := rows.Scan(&kind, &old, &id); err != nil {
			return err
		}
		if kind == "rules_version" {
			mv.versions[old] = true
		} else if n, err := strconv.ParseInt(old, 10, 64); err == nil && mv.ids[kind] != nil {
			mv.ids[kind][n] = id
		}
	}
	return rows.Err()
}

// record notes a row copied: in moved_rows, and in the map for the rows
// that refer to it.
func (mv *mover) record(ctx context.Context, kind string, old, id int64) error {
	if _, err := mv.tx.ExecContext(ctx, `INSERT INTO moved_rows (school, kind, old_id, new_id) VALUES (?, ?, ?, ?)`,
		mv.m.School, kind, strconv.FormatInt(old, 10), id); err != nil {
		return fmt.Errorf("record moved %s %d: %w", kind, old, err)
	}
	mv.ids[kind][old] = id
	mv.count[kind]++
	return nil
}

// ref translates a school id of kind to the group's (nil stays nil). A
// reference to a row not copied is a school's file out of order.
func (mv *mover) ref(kind string, old sql.NullInt64) (any, error) {
	if !old.Valid {
		return nil, nil
	}
	id, ok := mv.ids[kind][old.Int64]
	if !ok {
		return nil, fmt.Errorf("%s %d is referred to but was not copied", kind, old.Int64)
	}
	return id, nil
}

// rowsOf runs query on the school's file and calls each for every row,
// after closing the rows when each needs the source again.
func (mv *mover) rowsOf(ctx context.Context, query string, each func(sc func(...any) error) error) error {
	rows, err := mv.m.From.QueryContext(ctx, query)
	if err != nil {
		return fmt.Errorf("read the school: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := each(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

// schoolTime reads a time as the school's SQLite file writes it.
func schoolTime(s sql.NullString) (any, error) {
	if !s.Valid {
		return nil, nil
	}
	t, err := time.Parse(time.RFC3339Nano, s.String)
	if err != nil {
		return nil, fmt.Errorf("a time of the school cannot be read (%q)", s.String)
	}
	return t.UTC(), nil
}

func (mv *mover) users(ctx context.Context) error {
	type user struct {
		id                           int64
		name, role, secret, language string
		badge, created, updated      sql.NullString
		active                       int64
	}
	var todo []user
	err := mv.rowsOf(ctx, `SELECT id, name, role, badge, secret_hash, active, created_at, updated_at, language FROM users ORDER BY id`,
		func(sc func(...any) error) error {
			var u user
			if err := sc(&u.id, &u.name, &u.role, &u.badge, &u.secret, &u.active, &u.created, &u.updated, &u.language); err != nil {
				return err
			}
			if _, done := mv.ids["user"][u.id]; !done {
				todo = append(todo, u)
			}
			return nil
		})
	if err != nil {
		return err
	}
	var clash, badges []string
	for _, u := range todo {
		var n int
		if err := mv.tx.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE name = ?`, u.name).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			clash = append(clash, u.name)
		}
		if !u.badge.Valid {
			continue
		}
		if err := mv.tx.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE badge = ?`, u.badge.String).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			badges = append(badges, u.name+" (badge "+u.badge.String+")")
		}
	}
	if len(clash) > 0 || len(badges) > 0 {
		return &ClashError{Names: clash, Badges: badges}
	}
	for _, u := range todo {
		created, err := schoolTime(u.created)
		if err != nil {
			return err
		}
		updated, err := schoolTime(u.updated)
		if err != nil {
			return err
		}
		var badge any
		if u.badge.Valid {
			badge = u.badge.String
		}
		id, err := mv.tx.Insert(ctx, `INSERT INTO users (name, role, badge, secret_hash, active, created_at, updated_at, language, site_id)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, u.name, u.role, badge, u.secret, u.active, created, updated, u.language, mv.site)
		if err != nil {
			if isUnique(err) {
				return fmt.Errorf("the badge of %s is already another user's in the group", u.name)
			}
			return err
		}
		if err := mv.record(ctx, "user", u.id, id); err != nil {
			return err
		}
	}
	return nil
}

// pending reads the rows of query, n columns each, whose first column (the
// id at the school) was not moved as kind yet.
func (mv *mover) pending(ctx context.Context, kind, query string, n int) ([][]any, error) {
	var todo [][]any
	err := mv.rowsOf(ctx, query, func(sc func(...any) error) error {
		v := make([]any, n)
		ptrs := make([]any, n)
		for i := range v {
			ptrs[i] = &v[i]
		}
		if err := sc(ptrs...); err != nil {
			return err
		}
		if _, done := mv.ids[kind][nullInt(v[0]).Int64]; !done {
			todo = append(todo, v)
		}
		return nil
	})
	return todo, err
}

// copyRows copies the rows of a school table whose first column is its id:
// cols are read from the school as given, and written through conv (which
// translates references and times) into insert, whose id is returned.
func (mv *mover) copyRows(ctx context.Context, kind, query, insert string, n int, conv func(int64, []any) ([]any, error)) error {
	type row struct {
		id   int64
		vals []any
	}
	var todo []row
	err := mv.rowsOf(ctx, query, func(sc func(...any) error) error {
		var id int64
		vals := make([]any, n)
		ptrs := []any{&id}
		for i := range vals {
			ptrs = append(ptrs, &vals[i])
		}
		if err := sc(ptrs...); err != nil {
			return err
		}
		if _, done := mv.ids[kind][id]; !done {
			todo = append(todo, row{id, vals})
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, r := range todo {
		args, err := conv(r.id, r.vals)
		if err != nil {
			return err
		}
		id, err := mv.tx.Insert(ctx, insert, args...)
		if err != nil {
			return err
		}
		if err := mv.record(ctx, kind, r.id, id); err != nil {
			return err
		}
	}
	return nil
}

// nullInt and nullText read a value the SQLite driver scanned into any.
func nullInt(v any) sql.NullInt64 {
	switch v := v.(type) {
	case int64:
		return sql.NullInt64{Int64: v, Valid: true}
	case nil:
		return sql.NullInt64{}
	}
	n, err := strconv.ParseInt(fmt.Sprint(v), 10, 64)
	return sql.NullInt64{Int64: n, Valid: err == nil}
}

func nullText(v any) sql.NullString {
	switch v := v.(type) {
	case nil:
		return sql.NullString{}
	case []byte:
		return sql.NullString{String: string(v), Valid: true}
	case time.Time:
		return sql.NullString{String: v.UTC().Format(time.RFC3339Nano), Valid: true}
	}
	return sql.NullString{String: fmt.Sprint(v), Valid: true}
}

// converter translates the columns of a row in turn: refs by kind, times.
type converter struct {
	mv  *mover
	err error
}

func (c *converter) ref(kind string, v any) any {
	if c.err != nil {
		return nil
	}
	id, err := c.mv.ref(kind, nullInt(v))
	c.err = err
	return id
}

func (c *converter) time(v any) any {
	if c.err != nil {
		return nil
	}
	t, err := schoolTime(nullText(v))
	c.err = err
	return t
}

// text gives a text column as text (the driver may scan it as bytes).
func text(v any) any {
	if b, ok := v.([]byte); ok {
		return string(b)
	}
	return v
}

func (mv *mover) sessions(ctx context.Context) error {
	return mv.copyRows(ctx, "session",
		`SELECT id, user_id, mode, game, kind, level, house, rules_version, planned, started_at, ended_at FROM practice_sessions ORDER BY id`,
		`INSERT INTO practice_sessions (user_id, mode, game, kind, level, house, rules_version, planned, started_at, ended_at, site_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, 10,
		func(_ int64, v []any) ([]any, error) {
			c := &converter{mv: mv}
			// The answered and correct counts follow the attempts copied
			// next (the trigger attempts_count).
			out := []any{c.ref("user", v[0]), text(v[1]), text(v[2]), text(v[3]), v[4], text(v[5]), text(v[6]), v[7],
				c.time(v[8]), c.time(v[9]), mv.site}
			return out, c.err
		})
}

func (mv *mover) attempts(ctx context.Context) error {
	return mv.copyRows(ctx, "attempt",
		`SELECT id, session_id, user_id, position, game, kind, level, seed, house, rules_version, skill, target_seconds, source,
			retry_of, served_at, hint_used, answered_at, answer, key, correct, score, speed, elapsed_ms, mistake_id
		FROM attempts ORDER BY id`,
		`INSERT INTO attempts (session_id, user_id, position, game, kind, level, seed, house, rules_version, skill, target_seconds,
			source, retry_of, served_at, hint_used, answered_at, answer, key, correct, score, speed, elapsed_ms, mistake_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, 23,
		func(_ int64, v []any) ([]any, error) {
			c := &converter{mv: mv}
			out := []any{c.ref("session", v[0]), c.ref("user", v[1]), v[2], text(v[3]), text(v[4]), v[5], v[6], text(v[7]),
				text(v[8]), text(v[9]), v[10], text(v[11]), c.ref("attempt", v[12]), c.time(v[13]), v[14], c.time(v[15]),
				text(v[16]), text(v[17]), v[18], v[19], text(v[20]), v[21], text(v[22])}
			return out, c.err
		})
}

// exams copies the exams with their items; an exam keeps its session's id.
func (mv *mover) exams(ctx context.Context) error {
	todo, err := mv.pending(ctx, "exam", `SELECT session_id, user_id, game, house, rules_version, standard, started_at, finished_at, passed, result
		FROM exams ORDER BY session_id`, 10)
	if err != nil {
		return err
	}
	for _, v := range todo {
		c := &converter{mv: mv}
		old := nullInt(v[0]).Int64
		session := c.ref("session", v[0])
		args := []any{session, c.ref("user", v[1]), text(v[2]), text(v[3]), text(v[4]), text(v[5]), c.time(v[6]), c.time(v[7]), v[8], text(v[9])}
		if c.err != nil {
			return c.err
		}
		if _, err := mv.tx.ExecContext(ctx, `INSERT INTO exams (session_id, user_id, game, house, rules_version, standard, started_at,
			finished_at, passed, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, args...); err != nil {
			return err
		}
		items, err := mv.m.From.QueryContext(ctx, `SELECT position, kind, level, seed, skill, seconds FROM exam_items
			WHERE session_id = ? ORDER BY position`, old)
		if err != nil {
			return err
		}
		var rows [][]any
		for items.Next() {
			r := make([]any, 6)
			if err := items.Scan(&r[0], &r[1], &r[2], &r[3], &r[4], &r[5]); err != nil {
				items.Close()
				return err
			}
			rows = append(rows, r)
		}
		items.Close()
		for _, r := range rows {
			if _, err := mv.tx.ExecContext(ctx, `INSERT INTO exam_items (session_id, position, kind, level, seed, skill, seconds)
				VALUES (?, ?, ?, ?, ?, ?, ?)`, session, r[0], text(r[1]), r[2], r[3], text(r[4]), r[5]); err != nil {
				return err
			}
		}
		if err := mv.record(ctx, "exam", old, session.(int64)); err != nil {
			return err
		}
	}
	return nil
}

func (mv *mover) certEvents(ctx context.Context) error {
	return mv.copyRows(ctx, "cert_event",
		`SELECT id, user_id, game, kind, at, actor_id, exam_id, ref_id, notes FROM cert_events ORDER BY id`,
		`INSERT INTO cert_events (user_id, game, kind, at, actor_id, exam_id, ref_id, notes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, 8,
		func(_ int64, v []any) ([]any, error) {
			c := &converter{mv: mv}
			out := []any{c.ref("user", v[0]), text(v[1]), text(v[2]), c.time(v[3]), c.ref("user", v[4]),
				c.ref("session", v[5]), c.ref("cert_event", v[6]), text(v[7])}
			return out, c.err
		})
}

// rulesVersions copies the rules versions the group has not seen; one it
// has keeps the group's record (the same files, by its name).
func (mv *mover) rulesVersions(ctx context.Context) error {
	var todo [][]any
	err := mv.rowsOf(ctx, `SELECT version, files, first_seen_at, approved_at, approved_by FROM rules_versions ORDER BY rowid`,
		func(sc func(...any) error) error {
			v := make([]any, 5)
			if err := sc(&v[0], &v[1], &v[2], &v[3], &v[4]); err != nil {
				return err
			}
			if !mv.versions[nullText(v[0]).String] {
				todo = append(todo, v)
			}
			return nil
		})
	if err != nil {
		return err
	}
	for _, v := range todo {
		c := &converter{mv: mv}
		name := nullText(v[0]).String
		args := []any{name, text(v[1]), c.time(v[2]), c.time(v[3]), c.ref("user", v[4])}
		if c.err != nil {
			return c.err
		}
		res, err := mv.tx.ExecContext(ctx, `INSERT INTO rules_versions (version, files, first_seen_at, approved_at, approved_by)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT (version) DO NOTHING`, args...)
		if err != nil {
			return err
		}
		if _, err := mv.tx.ExecContext(ctx, `INSERT INTO moved_rows (school, kind, old_id, new_id) VALUES (?, 'rules_version', ?, 0)`,
			mv.m.School, name); err != nil {
			return err
		}
		mv.versions[name] = true
		if n, _ := res.RowsAffected(); n > 0 {
			mv.count["rules_version"]++
		}
	}
	return nil
}

// audit appends the school's entries not yet moved to the group's chain,
// keyed with the group's key: each keeps its time, actor name and action;
// its subject and the ids in its detail are translated to the group's
// (so the records check finds the copied exams and events under them), and
// its detail says where it came from (moved_from, moved_seq: the school and
// the entry's number there). The school's own entries about its trail
// (subject "audit") are kept under the subject "school:…/audit", so they
// never pass for the group's.
func (mv *mover) audit(ctx context.Context) error {
	for _, e := range mv.m.Entries {
		if _, done := mv.ids["audit"][e.Seq]; done {
			continue
		}
		subject, err := mv.subject(e.Subject)
		if err != nil {
			return fmt.Errorf("entry %d: %w", e.Seq, err)
		}
		detail, err := mv.detail(ctx, e)
		if err != nil {
			return fmt.Errorf("entry %d: %w", e.Seq, err)
		}
		actorID := mv.ids["user"][e.ActorID] // 0, the kiosk, stays 0
		n := &trainer.AuditEntry{At: e.At.UTC().Truncate(time.Millisecond), ActorID: actorID, Actor: e.Actor,
			Action: e.Action, Subject: subject, Detail: detail}
		if err := appendEntry(ctx, mv.tx, n); err != nil {
			return err
		}
		if err := mv.record(ctx, "audit", e.Seq, n.Seq); err != nil {
			return err
		}
	}
	return nil
}

// subject translates an entry's subject: "user:12/game:uth" names the
// group's id of user 12.
func (mv *mover) subject(s string) (string, error) {
	// The school's trail and its classes (which a move does not copy:
	// docs/classes.md) stay named as the school's, never as the group's
	// class of the same number.
	if s == trainer.AuditSubject || strings.HasPrefix(s, "class:") {
		return "school:" + mv.m.School[:12] + "/" + s, nil
	}
	rest, ok := strings.CutPrefix(s, "user:")
	if !ok {
		return s, nil
	}
	num, tail, _ := strings.Cut(rest, "/")
	if strings.HasPrefix(tail, "class:") {
		tail = "school:" + mv.m.School[:12] + "/" + tail
	}
	old, err := strconv.ParseInt(num, 10, 64)
	if err != nil {
		return s, nil
	}
	id, ok := mv.ids["user"][old]
	if !ok {
		return "", fmt.Errorf("its subject names user %d, who is not in the school", old)
	}
	out := "user:" + strconv.FormatInt(id, 10)
	if tail != "" {
		out += "/" + tail
	}
	return out, nil
}

// detailRefs are the detail keys that hold ids, and the kind of each
// (those of the records of issue 24 too: move_records.go).
var detailRefs = map[string]string{"event": "cert_event", "granted_by_event": "cert_event", "exam": "session",
	"user": "user", "user_id": "user", "actor_id": "user",
	"version": "programme", "programme": "programme", "table_test": "cert_event", "hours": "hours", "completion": "topic"}

// detail translates the ids of an entry's detail and adds where it came
// from; a programme version's entry names the group's number.
func (mv *mover) detail(ctx context.Context, e *trainer.AuditEntry) (string, error) {
	d := map[string]any{}
	dec := json.NewDecoder(strings.NewReader(e.Detail))
	dec.UseNumber()
	if err := dec.Decode(&d); err != nil {
		return "", fmt.Errorf("its detail cannot be read: %w", err)
	}
	for k, kind := range detailRefs {
		n, ok := d[k].(json.Number)
		if !ok {
			continue
		}
		old, err := n.Int64()
		if err != nil {
			continue
		}
		if id, ok := mv.ids[kind][old]; ok {
			d[k] = id
		} else if kind == "hours" {
			if d[k], err = mv.deletedHours(ctx, old); err != nil {
				return "", err
			}
		}
	}
	if e.Action == trainer.AuditProgrammeRecorded || e.Action == trainer.AuditProgrammeApproved {
		id, ok := d["version"].(int64)
		if !ok {
			return "", fmt.Errorf("it names a programme version the school does not have")
		}
		number, same, err := mv.programmeNumber(ctx, id)
		if err != nil {
			return "", err
		}
		if n, ok := d["number"].(json.Number); !ok || n.String() != strconv.Itoa(number) {
			d["school_number"] = d["number"]
			d["number"] = number
		}
		if same {
			d["same_as_group"] = true
		}
	}
	d["moved_from"] = mv.m.School
	d["moved_seq"] = e.Seq
	return trainer.AuditDetail(d), nil
}
