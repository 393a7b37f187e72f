package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// runUnlock is `trainer unlock -db FILE (NAME | --all)`: the way out at the
// machine when every administrator is locked out and none is signed in to
// lift the holds under Users. With NAME it lifts every hold of that user's
// account (locked everywhere, held on devices) and forgets its wrong
// entries; with --all it lifts every hold of every account and device. Each
// lifting is written to the audit log with "the machine's operator" as its
// actor. It may run while the kiosk runs.
func runUnlock(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("trainer unlock", flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	path := fs.String("db", "trainer.db", "the kiosk's database `file` (the -db the kiosk runs with)")
	all := fs.Bool("all", false, "lift every hold of every account and device")
	var files auditFiles
	addAuditFlags(fs, &files)
	fs.Usage = func() {
		fmt.Fprintln(e.Stderr, "usage: trainer unlock [-db FILE] (NAME | --all)")
		fmt.Fprintln(e.Stderr, "\nLifts the sign-in holds of the user NAME, or every hold with --all.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	// A name may come as one quoted argument or as its words.
	name := trainer.NormalizeName(strings.Join(fs.Args(), " "))
	if *all == (name != "") {
		fs.Usage()
		return errors.New("unlock: give the name of a user, or --all (not both)")
	}
	// Open would make a new, empty database where none is: say so instead.
	if _, err := os.Stat(*path); err != nil && !isPostgres(*path) {
		return fmt.Errorf("unlock: no kiosk database at %s: %w", *path, errors.Unwrap(err))
	}
	// The liftings are audited: with the audit key, like the kiosk's entries.
	db, err := openAudited(ctx, e, *path, files)
	if err != nil {
		return fmt.Errorf("unlock: %w", err)
	}
	defer db.Close()
	ctx = trainer.WithOperator(ctx)
	if *all {
		lifted, err := db.UnlockAll(ctx)
		if err != nil {
			return fmt.Errorf("unlock: %w", err)
		}
		fmt.Fprintf(e.Stdout, "lifted every sign-in hold (%d in force)\n", len(lifted))
		return printHolds(ctx, e.Stdout, db, lifted)
	}
	u, err := db.FindUserByName(ctx, name)
	if trainer.KindOf(err) == trainer.KindNotFound {
		return fmt.Errorf("unlock: %s has no user named %q", *path, name)
	}
	if err != nil {
		return fmt.Errorf("unlock: %w", err)
	}
	lifted, err := db.Unlock(ctx, u.ID)
	if err != nil {
		return fmt.Errorf("unlock: %w", err)
	}
	if len(lifted) == 0 {
		fmt.Fprintf(e.Stdout, "%s was neither locked nor held; their count of wrong entries starts again\n", u.Name)
		return nil
	}
	fmt.Fprintf(e.Stdout, "unlocked %s\n", u.Name)
	return printHolds(ctx, e.Stdout, db, lifted)
}

// printHolds lists the holds lifted, one a line.
func printHolds(ctx context.Context, w io.Writer, db trainer.UserService, holds []*trainer.SigninHold) error {
	for _, h := range holds {
		who := "a name that matches nobody"
		if h.UserID != 0 {
			u, err := db.FindUserByID(ctx, h.UserID)
			if err != nil {
				return fmt.Errorf("unlock: %w", err)
			}
			who = u.Name
		}
		until := h.Until.Local().Format(time.DateTime)
		switch h.Scope {
		case trainer.HoldDevice:
			fmt.Fprintf(w, "  every account on device %s (held until %s)\n", h.Device, until)
		case trainer.HoldAccount:
			fmt.Fprintf(w, "  %s on every device (locked until %s)\n", who, until)
		default:
			fmt.Fprintf(w, "  %s on device %s (held until %s)\n", who, h.Device, until)
		}
	}
	return nil
}
