package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/sqlite"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// runAudit is `trainer audit verify [-db PATH]`: it reads the audit log of a
// kiosk's database (without changing it) and checks the hash chain. It
// prints OK with the number of entries and the head hash, or names the first
// broken entry and exits with status 1.
//
// Deleting the last entries of the log leaves a chain that verifies: write
// the printed head hash down (or keep it with the printed certificates) and
// compare it with the next run's (docs/certification.md).
func runAudit(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 || args[0] != "verify" {
		fmt.Fprintln(e.Stderr, "usage: trainer audit verify [-db FILE]")
		return errors.New(`audit: the only command is "verify"`)
	}
	fs := flag.NewFlagSet("trainer audit verify", flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	path := fs.String("db", "trainer.db", "the kiosk's SQLite database `file` (read only)")
	fs.Usage = func() {
		fmt.Fprintln(e.Stderr, "usage: trainer audit verify [-db FILE]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("audit verify: unexpected argument %q", fs.Arg(0))
	}
	db, err := sqlite.OpenReadOnly(ctx, *path)
	if err != nil {
		return err
	}
	defer db.Close()
	rep, err := db.VerifyAudit(ctx)
	var ce *trainer.ChainError
	if errors.As(err, &ce) {
		fmt.Fprintf(e.Stdout, "BROKEN: %s\n", ce)
		fmt.Fprintf(e.Stdout, "%d entries before it are intact; the last of them is entry %d, hash %s\n", rep.Entries, rep.HeadSeq, rep.Head)
		return exitCode{1, fmt.Sprintf("audit verify: %s: the audit log was changed behind the kiosk's back at entry %d", *path, ce.Seq)}
	}
	if err != nil {
		return fmt.Errorf("audit verify: %s: %w", *path, err)
	}
	fmt.Fprintf(e.Stdout, "OK: %d entries, head entry %d, hash %s\n", rep.Entries, rep.HeadSeq, rep.Head)
	return nil
}
