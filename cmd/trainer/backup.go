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
func runBackup(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("trainer backup", flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	src := fs.String("db", "trainer.db", "the kiosk's database `file` (the -db the kiosk runs with)")
	fs.Usage = func() {
		fmt.Fprintln(e.Stderr, "usage: trainer backup [-db FILE] PATH")
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
	if err := sqlite.Backup(ctx, *src, dst); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	fmt.Fprintf(e.Stdout, "backed up %s to %s\n", *src, dst)
	return nil
}
