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
// group is written; the copy is one transaction. A move is made once: the
// school's file is then marked as moved, and a kiosk no longer starts on it.
//
// The order makes a crash at any step safe. The school's lock is held
// throughout, so no kiosk serves it meanwhile. The school is marked
// "moving" first (a kiosk refuses to start on it), then the group's one
// transaction copies it, then the school is marked "moved" and its trail
// records where it went. A refusal of the group takes the "moving" mark
// back; a crash leaves it, and running the same command again finishes the
// move: it copies the school if the group does not hold it yet, and marks it.
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
	// A kiosk serving the school now would go on changing it after the
	// copy: refuse, naming it. The lock is held until the move is done.
	lock, err := sqlite.LockFile(*from)
	if err != nil {
		return fmt.Errorf("migrate: -from: %w", err)
	}
	defer lock.Unlock()
	school, err := openSchool(ctx, *from, *schoolKeyFile)
	if err != nil {
		return fmt.Errorf("migrate: -from: %w", err)
	}
	defer school.Close()
	moved, err := school.MovedOut(ctx)
	if err != nil {
		return fmt.Errorf("migrate: -from: %w", err)
	}
	if moved != nil && !moved.Moving {
		return fmt.Errorf("migrate: -from: %s was moved into site %s of %s on %s already: nothing copied",
			*from, moved.Site, moved.Group, moved.At.Format("2 Jan 2006"))
	}
	m, err := readSchool(ctx, school)
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
	there, err := group.SchoolMoved(ctx, m.School)
	if err != nil {
		return fmt.Errorf("migrate: -to: %s", oneLine(err))
	}
	switch {
	case there && moved == nil:
		// Copied by an earlier version, which let the school keep working
		// and copied only new rows on a second run: changes to rows copied
		// before (an answer given later, a trainee deactivated) cannot be
		// brought over row by row without the group's trail disagreeing.
		return fmt.Errorf("migrate: -from: %s was copied into the group before, and its kiosk has kept working since: "+
			"what changed at the school after that copy cannot be brought over; the school's trainees and records are in the "+
			"group as they were at that copy. Have the group's administrator bring over what changed since by hand, then retire "+
			"the school's kiosk (nothing copied)", *from)
	case there:
		// The group's transaction committed and the last step did not
		// run: the school could not change meanwhile, as it was marked.
		if err := school.FinishMoveOut(trainer.WithOperator(ctx), group.Name(), m.Site, map[string]any{"school": m.School, "finished": true}); err != nil {
			return fmt.Errorf("migrate: -from: %w", err)
		}
		fmt.Fprintf(e.Stdout, "the move of %s had been copied into the group; %s is now marked as moved, and no kiosk starts on it\n", *from, *from)
		return nil
	}
	if moved == nil {
		if err := school.BeginMoveOut(ctx, group.Name(), m.Site); err != nil {
			return fmt.Errorf("migrate: -from: %w", err)
		}
	}
	start := time.Now()
	rep, err := group.MoveSchool(trainer.WithOperator(ctx), m)
	if err != nil {
		// The group refused or failed: the school is a working kiosk again.
		if aerr := school.AbandonMoveOut(ctx); aerr != nil {
			return fmt.Errorf("migrate: nothing copied: %s; and the school's mark could not be taken back (%s): run it again", oneLine(err), oneLine(aerr))
		}
		var clash *postgres.ClashError
		if errors.As(err, &clash) {
			return fmt.Errorf("migrate: nothing copied: %w", err)
		}
		return fmt.Errorf("migrate: nothing copied: %s", oneLine(err))
	}
	d := map[string]any{"school": m.School}
	for k, n := range rep.Counts {
		d[postgres.CountKey(k)] = n
	}
	if err := school.FinishMoveOut(trainer.WithOperator(ctx), group.Name(), rep.Site, d); err != nil {
		return fmt.Errorf("migrate: the school was copied, but its file could not be marked as moved (%s): run the same command again to mark it", oneLine(err))
	}
	verb := "into site"
	if rep.SiteCreated {
		verb = "into the new site"
	}
	fmt.Fprintf(e.Stdout, "moved %s %s %s (house %s) in %s:\n", *from, verb, rep.Site, m.House, time.Since(start).Round(time.Millisecond))
	labels := map[string]string{"user": "users", "session": "practice sessions", "attempt": "attempts", "exam": "exams",
		"cert_event": "certification events", "rules_version": "rules versions", "signer": "signers' marks",
		"programme": "programme versions", "sheet": "table test sheets", "hours": "table hours", "topic": "topic completions",
		"audit": "audit entries"}
	for _, k := range postgres.MoveKinds {
		if labels[k] != "" {
			fmt.Fprintf(e.Stdout, "  %-22s %d\n", labels[k], rep.Counts[k])
		}
	}
	if n := rep.Counts["programme_same"]; n > 0 {
		fmt.Fprintf(e.Stdout, "%d of the school's programme versions have the content of one of the group's: the school's table tests judged on them name the group's version (docs/records.md)\n", n)
	}
	if note := unkeyedNote(m.Entries, m.KeyedFrom); note != "" {
		fmt.Fprintln(e.Stdout, note)
	}
	fmt.Fprintf(e.Stdout, "%s is marked as moved: no kiosk starts on it any more; serve the site with trainer serve -db … -site %q\n", *from, rep.Site)
	return nil
}

// openSchool opens the school's kiosk file to move it, with the checks a
// kiosk's start makes and more: the file must be a kiosk's; its trail must
// be keyed, with its key and head (a trail never keyed, or one of entries
// none keyed while a key is there, may have been rewritten without a key:
// the group's key would then protect a forgery); the chain must be intact;
// and every exam and certification event must agree with the entries that
// recorded them, each disagreement named.
func openSchool(ctx context.Context, path, keyFile string) (*sqlite.DB, error) {
	ro, err := sqlite.OpenReadOnly(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("%s is not a kiosk's database", path)
	}
	ro.Close()
	school, err := sqlite.Open(ctx, path)
	if err != nil {
		return nil, err
	}
	ok := false
	defer func() {
		if !ok {
			school.Close()
		}
	}()
	key, err := sqlite.ReadAuditKeyFile(keyFile)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("the school's audit key: %s", oneLine(err))
	}
	if key == nil {
		keyed, err := school.AuditKeyed(ctx)
		if err != nil {
			return nil, fmt.Errorf("the school's audit trail: %s", oneLine(err))
		}
		if keyed {
			return nil, fmt.Errorf("the audit trail of %s is keyed, but its key file %s does not exist (give it as -school-audit-key)", path, keyFile)
		}
		return nil, fmt.Errorf("the audit trail of %s was never protected by an audit key, and its key file %s does not exist: "+
			"start the school's kiosk once with this version, which keys its trail, and stop it; or give its key as -school-audit-key (nothing copied)", path, keyFile)
	}
	if err := school.UseAuditKey(ctx, key, sqlite.AuditHeadFile(path)); err != nil {
		var ul *trainer.UnkeyedLogError
		if errors.As(err, &ul) {
			return nil, fmt.Errorf("%s (nothing copied)", unkeyedStartError(path, ul))
		}
		return nil, fmt.Errorf("the school's audit trail does not verify, nothing copied: %s", oneLine(auditStartError(path, auditFiles{key: keyFile, head: sqlite.AuditHeadFile(path)}, err)))
	}
	if _, err := school.VerifyAudit(ctx); err != nil {
		return nil, fmt.Errorf("the school's audit trail does not verify, nothing copied: %s", oneLine(err))
	}
	// An entry whose hash does not match is not believed (above); the
	// records are compared with the believed ones.
	_, ms, err := school.VerifyRecords(ctx)
	if err != nil {
		return nil, fmt.Errorf("the school's records: %s", oneLine(err))
	}
	if len(ms) > 0 {
		var texts []string
		for _, m := range ms {
			texts = append(texts, m.Text)
		}
		return nil, fmt.Errorf("the school's records disagree with its audit trail, nothing copied (trainer audit verify -db %s names them): %s",
			path, strings.Join(texts, "; "))
	}
	ok = true
	return school, nil
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

// readSchool opens a read transaction on the school, verified by
// openSchool, for the copy, and reads its audit trail. The school's identity
// is the hash of its trail's first entry.
func readSchool(ctx context.Context, school *sqlite.DB) (postgres.SchoolMove, error) {
	var m postgres.SchoolMove
	r, err := school.VerifyAudit(ctx)
	if err != nil {
		return m, fmt.Errorf("the school's audit trail does not verify, nothing copied: %s", oneLine(err))
	}
	m.KeyedFrom = r.KeyedFrom
	tx, err := school.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return m, err
	}
	m.From = sqlite.SQLTx(tx)
	ok := false
	defer func() {
		if !ok {
			tx.Rollback()
		}
	}()
	if err := tx.QueryRowContext(ctx, `SELECT house FROM sites ORDER BY id LIMIT 1`).Scan(&m.House); err != nil {
		return m, fmt.Errorf("the school's site: %s", oneLine(err))
	}
	rows, err := tx.QueryContext(ctx, `SELECT seq, at, actor_id, actor, action, subject, detail, hash FROM audit_log ORDER BY seq`)
	if err != nil {
		return m, err
	}
	defer rows.Close()
	for rows.Next() {
		var a trainer.AuditEntry
		var at string
		if err := rows.Scan(&a.Seq, &at, &a.ActorID, &a.Actor, &a.Action, &a.Subject, &a.Detail, &a.Hash); err != nil {
			return m, err
		}
		if a.At, err = time.Parse(time.RFC3339Nano, at); err != nil {
			return m, fmt.Errorf("audit entry %d: its time cannot be read", a.Seq)
		}
		m.Entries = append(m.Entries, &a)
	}
	if err := rows.Err(); err != nil {
		return m, err
	}
	if len(m.Entries) == 0 {
		return m, errors.New("the school has no audit trail: it is not a kiosk that was used")
	}
	m.School = m.Entries[0].Hash
	ok = true
	return m, nil
}

// oneLine is an error's first line.
func oneLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}
