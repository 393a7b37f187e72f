package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/postgres"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// runMigrate is `trainer migrate -from trainer.db -to postgres://… -site
// NAME`: a SQLite kiosk (a school) moved into a site of the group
// (docs/group.md, "Moving a school in"). Everything is checked before the
// group is written; the copy is one transaction.
func runMigrate(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("trainer migrate", flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	from := fs.String("from", "", "the school's kiosk `file` (trainer.db)")
	to := fs.String("to", "", "the group's database `URL` (postgres://…)")
	site := fs.String("site", "", "the `name` of the site the school becomes (made, playing the school's house, if missing)")
	groupKeyFile := fs.String("audit-key", "", "the group's audit key `file` (TRAINER_AUDIT_KEY wins)")
	schoolKeyFile := fs.String("school-audit-key", "", "the school's audit key `file` (default: the school's file name + \".audit-key\")")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("migrate: unexpected argument %q", fs.Arg(0))
	}
	if err := trainer.ValidateName(trainer.NormalizeName(*site)); err != nil {
		return fmt.Errorf("migrate: -site: %w", err)
	}
	if !isPostgres(*to) {
		return errors.New("migrate: -to: give the group's database as postgres://… (a URL)")
	}
	if *from == "" {
		return errors.New("migrate: -from: give the school's kiosk file (trainer.db)")
	}
	if _, err := os.Stat(*from); err != nil {
		return fmt.Errorf("migrate: -from: no kiosk database at %s", *from)
	}
	if *schoolKeyFile == "" {
		*schoolKeyFile = sqlite.AuditKeyFile(*from)
	}
	school, err := sqlite.OpenReadOnly(ctx, *from)
	if err != nil {
		return fmt.Errorf("migrate: -from: %s is not a kiosk's database", *from)
	}
	defer school.Close()
	m, keyedFrom, err := readSchool(ctx, school, *from, *schoolKeyFile)
	if err != nil {
		return fmt.Errorf("migrate: -from: %w", err)
	}
	defer m.From.Rollback()
	m.Site = trainer.NormalizeName(*site)
	group, _, err := openGroup(ctx, e, *to, *groupKeyFile)
	if err != nil {
		return fmt.Errorf("migrate: -to: %w", err)
	}
	defer group.Close()
	start := time.Now()
	rep, err := group.MoveSchool(trainer.WithOperator(ctx), m)
	var clash *postgres.NameClashError
	var badges *postgres.BadgeClashError
	switch {
	case errors.As(err, &clash), errors.As(err, &badges):
		return fmt.Errorf("migrate: nothing copied: %w", err)
	case err != nil:
		return fmt.Errorf("migrate: nothing copied: %s", oneLine(err))
	}
	if rep.Total() == 0 && !rep.SiteCreated {
		fmt.Fprintf(e.Stdout, "nothing new: everything of %s is already in site %s\n", *from, rep.Site)
		return nil
	}
	verb := "into site"
	if rep.SiteCreated {
		verb = "into the new site"
	}
	fmt.Fprintf(e.Stdout, "copied %s %s %s (house %s) in %s:\n", *from, verb, rep.Site, m.House, time.Since(start).Round(time.Millisecond))
	labels := map[string]string{"user": "users", "session": "practice sessions", "attempt": "attempts", "exam": "exams",
		"cert_event": "certification events", "rules_version": "rules versions", "audit": "audit entries"}
	for _, k := range postgres.MoveKinds {
		fmt.Fprintf(e.Stdout, "  %-22s %d\n", labels[k], rep.Counts[k])
	}
	if rep.Counts["audit"] > 0 {
		if note := unkeyedNote(m.Entries, keyedFrom); note != "" {
			fmt.Fprintln(e.Stdout, note)
		}
	}
	return nil
}

// unkeyedNote tells the operator, in plain words, how much of the school's
// trail was written before the school had an audit key (keyedFrom is the
// first keyed entry, 0 for a trail never keyed). Such entries were checked
// against each other only: someone who rewrote them all at the school would
// not show. Once copied they are under the group's key, so the operator
// must know that the key vouches for them from the move on, not before.
func unkeyedNote(entries []*trainer.AuditEntry, keyedFrom int64) string {
	switch {
	case len(entries) == 0 || keyedFrom == 1:
		return ""
	case keyedFrom == 0:
		return fmt.Sprintf("note: the school's audit trail was never protected by an audit key (it was kept before keys). Its %d "+
			"entries were checked against each other only, so a change made to all of them at the school could not be seen. "+
			"From this move on they are protected by the group's key.", len(entries))
	default:
		return fmt.Sprintf("note: entries 1 to %d of the school's audit trail were written before the school had an audit key "+
			"and were checked against each other only; from entry %d on they were checked with the school's key. "+
			"From this move on all of them are protected by the group's key.", keyedFrom-1, keyedFrom)
	}
}

// readSchool verifies the school's audit trail with its key and opens a
// read transaction on it for the copy. The school's identity is the hash of
// its trail's first entry.
//
// It also returns the number of the trail's first keyed entry (0 for a
// trail never keyed: an old kiosk's, verified by its chain alone).
func readSchool(ctx context.Context, school *sqlite.DB, path, keyFile string) (postgres.SchoolMove, int64, error) {
	var m postgres.SchoolMove
	key, err := sqlite.ReadAuditKeyFile(keyFile)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return m, 0, fmt.Errorf("the school's audit key: %s", oneLine(err))
	}
	if key == nil {
		keyed, err := school.AuditKeyed(ctx)
		if err != nil {
			return m, 0, fmt.Errorf("the school's audit trail: %s", oneLine(err))
		}
		if keyed {
			return m, 0, fmt.Errorf("the audit trail of %s is keyed, but its key file %s does not exist (give it as -school-audit-key)", path, keyFile)
		}
	}
	school.SetAuditKey(key, sqlite.AuditHeadFile(path))
	r, err := school.VerifyAudit(ctx)
	if err != nil {
		return m, 0, fmt.Errorf("the school's audit trail does not verify, nothing copied: %s", oneLine(err))
	}
	tx, err := school.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return m, 0, err
	}
	m.From = sqlite.SQLTx(tx)
	ok := false
	defer func() {
		if !ok {
			tx.Rollback()
		}
	}()
	if err := tx.QueryRowContext(ctx, `SELECT house FROM sites ORDER BY id LIMIT 1`).Scan(&m.House); err != nil {
		return m, 0, fmt.Errorf("the school's site: %s", oneLine(err))
	}
	rows, err := tx.QueryContext(ctx, `SELECT seq, at, actor_id, actor, action, subject, detail, hash FROM audit_log ORDER BY seq`)
	if err != nil {
		return m, 0, err
	}
	defer rows.Close()
	for rows.Next() {
		var a trainer.AuditEntry
		var at string
		if err := rows.Scan(&a.Seq, &at, &a.ActorID, &a.Actor, &a.Action, &a.Subject, &a.Detail, &a.Hash); err != nil {
			return m, 0, err
		}
		if a.At, err = time.Parse(time.RFC3339Nano, at); err != nil {
			return m, 0, fmt.Errorf("audit entry %d: its time cannot be read", a.Seq)
		}
		m.Entries = append(m.Entries, &a)
	}
	if err := rows.Err(); err != nil {
		return m, 0, err
	}
	if len(m.Entries) == 0 {
		return m, 0, errors.New("the school has no audit trail: it is not a kiosk that was used")
	}
	m.School = m.Entries[0].Hash
	ok = true
	return m, r.KeyedFrom, nil
}

// oneLine is an error's first line.
func oneLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}
