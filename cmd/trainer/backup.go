package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/sqlite"
)

// runBackup is `trainer backup [-db FILE] PATH`: a consistent copy of the
// kiosk's database, taken while the kiosk runs, into the new file PATH. It
// never overwrites a file and never changes the database it copies.
// README.md and docs/hardening.md say how to restore one.
//
// The audit trail's head is written beside the copy (PATH.audit-head), so
// that the copy shows entries cut from its own end too. The audit key is not
// copied: a copy of the database together with its key could be rewritten.
// The command names the key file instead: keep one copy of it (it never
// changes) apart from the backups.
func runBackup(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("trainer backup", flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	src := fs.String("db", "trainer.db", "the kiosk's SQLite database `file` (the -db the kiosk runs with)")
	keyFile := fs.String("audit-key", "", "the audit key `file` (default: the database file's name + \".audit-key\"; TRAINER_AUDIT_KEY wins)")
	fs.Usage = func() {
		fmt.Fprintln(e.Stderr, "usage: trainer backup [-db FILE] [-audit-key FILE] PATH")
		fmt.Fprintln(e.Stderr, "\nCopies the database into the new file PATH; the kiosk may keep running.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch fs.NArg() {
	case 0:
		fs.Usage()
		return fmt.Errorf("backup: give the PATH of the new backup file")
	case 1:
	default:
		return fmt.Errorf("backup: unexpected argument %q", fs.Arg(1))
	}
	dst := fs.Arg(0)
	if isPostgres(*src) {
		return errSQLiteOnly("trainer backup", "back the database up with pg_dump (docs/group.md)")
	}
	if err := sqlite.Backup(ctx, *src, dst); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	fmt.Fprintf(e.Stdout, "backed up %s to %s\n", *src, dst)
	if *keyFile == "" {
		*keyFile = sqlite.AuditKeyFile(*src)
	}
	key, source, err := auditKey(ctx, e, nil, *keyFile, false)
	if err != nil {
		return fmt.Errorf("backup: %s is a whole backup, but its audit head was not written: %w", dst, err)
	}
	if key == nil {
		fmt.Fprintf(e.Stdout, "no audit key at %s: no audit head was written beside the backup\n", *keyFile)
		return nil
	}
	head, err := sqlite.WriteCopyHead(ctx, dst, key, sqlite.AuditHeadFile(dst))
	if err != nil {
		return fmt.Errorf("backup: %s is a whole backup, but its audit head was not written: %w", dst, err)
	}
	if head != nil {
		fmt.Fprintf(e.Stdout, "audit head of the backup (entry %d) in %s\n", head.Seq, sqlite.AuditHeadFile(dst))
	}
	fmt.Fprintf(e.Stdout, "the audit key is not in the backup (it is in %s): keep one copy of it apart from the backups; a restore needs it, and it never changes\n", source)
	return nil
}
