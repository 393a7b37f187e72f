package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/dealerkiosk/trainer/internal/postgres"
	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

const auditUsage = "usage: trainer audit verify [-db FILE] [-audit-key FILE] [-audit-head FILE] [-file CODE]\n" +
	"       trainer audit accept -reason TEXT [-db FILE] [-audit-key FILE] [-audit-head FILE]"

// runAudit is `trainer audit verify` and `trainer audit accept`.
func runAudit(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 || (args[0] != "verify" && args[0] != "accept") {
		fmt.Fprintln(e.Stderr, auditUsage)
		return errors.New(`audit: the commands are "verify" and "accept"`)
	}
	fs := flag.NewFlagSet("trainer audit "+args[0], flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	path := fs.String("db", "trainer.db", "the kiosk's SQLite database `file`, or its postgres:// `URL`")
	var files auditFiles
	addAuditFlags(fs, &files)
	var reason, fileCode *string
	if args[0] == "verify" {
		fileCode = fs.String("file", "", "also check a dealer's file by its verification `code` (trainer records export prints it)")
	}
	if args[0] == "accept" {
		reason = fs.String("reason", "", "why the log is accepted as it is (a restored backup, a lost head file, a kiosk upgraded with its key given): recorded in the log")
	}
	fs.Usage = func() {
		fmt.Fprintln(e.Stderr, auditUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("audit %s: unexpected argument %q", args[0], fs.Arg(0))
	}
	files.resolve(*path)
	if args[0] == "accept" {
		if strings.TrimSpace(*reason) == "" {
			return errors.New("audit accept: -reason: say why the log is accepted as it is; the log records it")
		}
		return runAuditAccept(ctx, e, *path, files, strings.TrimSpace(*reason))
	}
	var code *trainer.FileCode
	if *fileCode != "" {
		c, err := trainer.ParseFileCode(*fileCode)
		if err != nil {
			return fmt.Errorf("audit verify: -file: %w", err)
		}
		code = &c
	}
	return runAuditVerify(ctx, e, *path, files, code)
}

// runAuditVerify is `trainer audit verify`: it reads a kiosk's database (or
// a copy of it) without changing it and checks
//   - the hash chain of the audit log: the entries written before the trail
//     was keyed by their SHA-256, as always, the keyed ones by their HMAC
//     under the audit key (TRAINER_AUDIT_KEY or the key file);
//   - the log against the head on record (the head file), so that entries
//     cut from its end show;
//   - every exam and certification event against the audit entries that
//     recorded them.
//
// It prints OK with the number of entries and the head, then what it
// checked; or names each problem and exits with status 1.
func runAuditVerify(ctx context.Context, e *env, path string, files auditFiles, code *trainer.FileCode) error {
	if isPostgres(path) {
		db, source, err := openGroup(ctx, e, path, files.key)
		if err != nil {
			return fmt.Errorf("audit verify: %w", err)
		}
		defer db.Close()
		return reportAudit(ctx, e, db, db.Name(), files, source, code)
	}
	db, err := sqlite.OpenReadOnly(ctx, path)
	if err != nil {
		return err
	}
	defer db.Close()
	key, source, err := auditKey(ctx, e, db, files.key, false)
	if err != nil {
		return fmt.Errorf("audit verify: %w", err)
	}
	if key != nil {
		db.HeadCopy = files.headCopy
		db.SetAuditKey(key, files.head)
	}
	return reportAudit(ctx, e, db, path, files, source, code)
}

// auditChecker is what `audit verify` asks of either store.
type auditChecker interface {
	VerifyAudit(ctx context.Context) (trainer.AuditReport, error)
	VerifyRecords(ctx context.Context) (trainer.RecordsReport, []trainer.RecordMismatch, error)
	CheckFileCode(ctx context.Context, code trainer.FileCode) (*trainer.FileCheck, error)
}

// reportAudit checks the chain and the records of db, named path in what it
// prints, and says what it found.
func reportAudit(ctx context.Context, e *env, db auditChecker, path string, files auditFiles, source string, code *trainer.FileCode) error {
	out := e.Stdout
	rep, err := db.VerifyAudit(ctx)
	problems := 0
	var ce *trainer.ChainError
	var kn *trainer.KeyNeededError
	var wk *trainer.WrongKeyError
	var he *sqlite.AuditHeadError
	var ul *trainer.UnkeyedLogError
	switch {
	case err == nil:
		fmt.Fprintf(out, "OK: %d entries, head entry %d, hash %s\n", rep.Entries, rep.HeadSeq, rep.Head)
		describeKeying(out, rep, source)
	case errors.As(err, &ce):
		problems++
		fmt.Fprintf(out, "BROKEN: %s\n", ce)
		if rep.HeadSeq < ce.Seq {
			fmt.Fprintf(out, "%d entries before it are intact; the last of them is entry %d, hash %s\n", rep.Entries, rep.HeadSeq, rep.Head)
		}
	case errors.As(err, &kn):
		problems++
		fmt.Fprintf(out, "NOT CHECKED: %s: give it with -audit-key FILE or TRAINER_AUDIT_KEY (the key file %s does not exist)\n", kn, files.key)
		fmt.Fprintf(out, "%d entries before them are intact; the last of them is entry %d, hash %s\n", rep.Entries, rep.HeadSeq, rep.Head)
	case errors.As(err, &wk):
		problems++
		fmt.Fprintf(out, "NOT CHECKED: %s\n", wk)
	case errors.As(err, &ul):
		problems++
		fmt.Fprintf(out, "NOT KEYED: %d entries, head entry %d, hash %s: none carries the mark of the audit key from %s, and there is no head on record: "+
			"a kiosk that holds a key keys its log at its first start with it, so this log may have been rewritten by someone without the key "+
			"(if it is a kiosk from before the key, upgraded with its key already given, accept it with trainer audit accept -reason)\n",
			rep.Entries, rep.HeadSeq, rep.Head, source)
	case errors.As(err, &he):
		problems++
		fmt.Fprintf(out, "OK: %d entries, head entry %d, hash %s\n", rep.Entries, rep.HeadSeq, rep.Head)
		describeKeying(out, rep, source)
		fmt.Fprintf(out, "NO HEAD: %s\n", he)
	default:
		return fmt.Errorf("audit verify: %s: %w", path, err)
	}

	// The records, whatever the chain: each disagreement is named.
	counts, ms, err := db.VerifyRecords(ctx)
	if err != nil {
		return fmt.Errorf("audit verify: %s: %w", path, err)
	}
	for _, m := range ms {
		fmt.Fprintf(out, "DISAGREES: %s\n", m.Text)
	}
	if len(ms) == 0 {
		fmt.Fprintf(out, "records: %d exams and %d certification events agree with the audit entries that recorded them\n",
			counts.Exams, counts.Events)
	} else {
		problems++
		fmt.Fprintf(out, "records: %d disagreements with the audit trail among %d exams and %d certification events\n",
			len(ms), counts.Exams, counts.Events)
	}
	// The records of issue 24 (docs/records.md), said when there are any;
	// their disagreements are among those above.
	if r := counts.Records; r != (trainer.RecordsCount{}) {
		fmt.Fprintf(out, "training records compared: %d table test sheets, %d entries of table hours, %d topic completions, %d programme versions and %d signers' marks\n",
			r.TableTests, r.Hours, r.Topics, r.Programmes, r.Signers)
	}
	fileBad := false
	if code != nil {
		c, err := db.CheckFileCode(ctx, *code)
		if err != nil {
			return fmt.Errorf("audit verify: %s: %w", path, err)
		}
		switch {
		case c.OK():
			fmt.Fprintf(out, "OK: %s\n", c)
			if c.Later > 0 {
				fmt.Fprintf(out, "the file has changed since it was printed: %d entries about the dealer came after it; print it again for today's\n", c.Later)
			}
		default:
			problems++
			fileBad = true
			fmt.Fprintf(out, "FILE: %s\n", c)
			for _, seq := range c.Broken {
				fmt.Fprintf(out, "FILE: audit entry %d about the dealer does not match its hash\n", seq)
			}
			for _, m := range c.Mismatches {
				fmt.Fprintf(out, "FILE: the dealer's records disagree: %s\n", m.Text)
			}
		}
	}
	if problems == 0 {
		return nil
	}
	msg := fmt.Sprintf("audit verify: %s: the audit trail or the records were changed behind the kiosk's back", path)
	switch {
	case ce != nil:
		msg = fmt.Sprintf("audit verify: %s: the audit log was changed behind the kiosk's back at entry %d", path, ce.Seq)
	case ul != nil:
		msg = fmt.Sprintf("audit verify: %s: the audit log carries no mark of its key: it may have been rewritten without the key", path)
	case kn != nil, wk != nil:
		msg = fmt.Sprintf("audit verify: %s: the keyed entries could not be checked", path)
	case fileBad && len(ms) == 0 && he == nil:
		msg = fmt.Sprintf("audit verify: %s: the dealer's file %s is not vouched for by the audit trail", path, code)
	case he != nil && len(ms) == 0:
		msg = fmt.Sprintf("audit verify: %s: no head on record to compare the end of the log with", path)
	}
	return exitCode{1, msg}
}

// describeKeying says which part of an intact log is keyed and what the
// head on record says.
func describeKeying(out io.Writer, rep trainer.AuditReport, source string) {
	switch {
	case rep.KeyedFrom == 0:
		fmt.Fprintln(out, "not keyed: no entry carries the audit key's HMAC yet; each is checked by its SHA-256 alone, which whoever has the file can compute again")
		return
	case rep.KeyedFrom > 1:
		fmt.Fprintf(out, "not keyed: entries 1 to %d were written before the trail was keyed and are checked by their SHA-256, as before; entry %d fixed their head under the key, so only a change made to them before then would not show\n",
			rep.KeyedFrom-1, rep.KeyedFrom)
	}
	fmt.Fprintf(out, "keyed: entries %d to %d carry an HMAC under the audit key from %s: nobody without the key can rewrite them\n",
		rep.KeyedFrom, rep.HeadSeq, source)
	if h := rep.Recorded; h != nil {
		if rep.Behind > 0 {
			fmt.Fprintf(out, "head: the head on record is entry %d; entries %d to %d came after it (the kiosk stopped before writing it down; it does at its next start)\n",
				h.Seq, h.Seq+1, rep.HeadSeq)
		} else {
			fmt.Fprintf(out, "head: the head on record is entry %d: nothing was cut from the end\n", h.Seq)
		}
	}
}

// runAuditAccept is `trainer audit accept`: with the kiosk stopped, it
// accepts the database's audit log as it is as the new start of its head on
// record, after a backup was restored on purpose (the kiosk refuses to start
// on a log that ends before its head) or the head file was lost. The chain
// must be intact; the acceptance, the old head and the number of entries
// the log lacks are appended to the log, and the old head file is kept
// beside the new one.
func runAuditAccept(ctx context.Context, e *env, path string, files auditFiles, reason string) error {
	if isPostgres(path) {
		return runGroupAuditAccept(ctx, e, path, files, reason)
	}
	lock, err := sqlite.LockFile(path)
	if err != nil {
		return fmt.Errorf("audit accept: %w", err)
	}
	defer lock.Unlock()
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		return err
	}
	defer db.Close()
	key, _, err := auditKey(ctx, e, db, files.key, false)
	if err != nil {
		return fmt.Errorf("audit accept: %w", err)
	}
	if key == nil {
		return fmt.Errorf("audit accept: no audit key: the key file %s does not exist and TRAINER_AUDIT_KEY is not set", files.key)
	}
	db.HeadCopy = files.headCopy
	rep, err := db.AcceptAuditRestore(trainer.WithOperator(ctx), key, files.head, reason)
	if trainer.KindOf(err) == trainer.KindConflict {
		fmt.Fprintln(e.Stdout, trainer.MessageOf(err))
		return nil
	}
	var ce *trainer.ChainError
	if errors.As(err, &ce) {
		return exitCode{1, fmt.Sprintf("audit accept: %s: the audit log is broken at entry %d (%s): it cannot be accepted; restore another backup", path, ce.Seq, ce.Reason)}
	}
	if err != nil {
		return fmt.Errorf("audit accept: %s: %w", path, err)
	}
	if rep.Previous != nil {
		fmt.Fprintf(e.Stdout, "accepted: the log ends at entry %d; the head on record was entry %d: %d entries are not in it\n",
			rep.LogSeq, rep.Previous.Seq, rep.Missing)
	} else {
		fmt.Fprintf(e.Stdout, "accepted: the log ends at entry %d; %s\n", rep.LogSeq, rep.PreviousProblem)
	}
	if rep.Unkeyed > 0 {
		fmt.Fprintf(e.Stdout, "its %d entries carried no audit key's mark: they are taken as they are, and keyed from now on\n", rep.Unkeyed)
	}
	if rep.Replaced != "" {
		fmt.Fprintf(e.Stdout, "the old head is kept in %s\n", rep.Replaced)
	}
	fmt.Fprintf(e.Stdout, "entry %d records the acceptance; the head on record is now %s\n", rep.Entry, files.head)
	return nil
}

// runGroupAuditAccept is `trainer audit accept` on a group's PostgreSQL
// database. The chain's head there is a row that every append moves, so
// there is no head file to accept; what may need accepting is a log that has
// entries and none keyed, which every process refuses to start on (a group's
// log is keyed from its first entry, so someone without the key rewrote it).
func runGroupAuditAccept(ctx context.Context, e *env, url string, files auditFiles, reason string) error {
	key, _, err := groupKey(e, files.key)
	if err != nil {
		return fmt.Errorf("audit accept: %w", err)
	}
	db, err := postgres.OpenAccepting(trainer.WithOperator(ctx), url, key, reason)
	if err != nil {
		return fmt.Errorf("audit accept: %w", err)
	}
	defer db.Close()
	if n := db.Accepted(); n > 0 {
		fmt.Fprintf(e.Stdout, "accepted: the group's %d audit entries carried no audit key's mark: they are taken as they are, and keyed from now on\n", n)
		return nil
	}
	fmt.Fprintln(e.Stdout, "Nothing to accept: the group's audit log is keyed.")
	return nil
}
