// Command trainer is the dealer-training kiosk. With no subcommand, or with
// "serve", it runs the kiosk's web server; the other subcommands are listed
// in commands below and by "trainer help".
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr); err != nil {
		var ec exitCode
		if errors.As(err, &ec) {
			fmt.Fprintln(os.Stderr, "trainer:", err)
			os.Exit(ec.code)
		}
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "trainer:", err)
		}
		os.Exit(1)
	}
}

// env is what a subcommand gets from the process: its streams and its
// environment, so tests can run any subcommand in-process.
type env struct {
	Getenv func(string) string
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
}

// command is one subcommand. Each lives in its own file (serve.go, …) and
// adds one line to commands.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, e *env, args []string) error
}

// commands are the subcommands, in the order "trainer help" lists them.
// The first is the default when no subcommand is given.
var commands = []command{
	{"serve", "run the kiosk's web server (the default)", runServe},
	{"settle", "settle rounds given as JSON Lines on standard input (docs/SETTLE.md)", runSettle},
	{"math", "the house edge of a wager: exact counts or a seeded simulation (docs/SETTLE.md)", runMath},
	{"drill", "print one drill with its key as JSON, or --list every game, kind and situation", runDrill},
	{"book", "print a game's rule book at a house as Markdown", runBook},
	{"audit", "verify: check the audit trail, its head and the records; accept: take a restored log as the new head", runAudit},
	{"backup", "copy the database, while the kiosk runs, into a new file", runBackup},
	{"site", "a group's sites: add -name NAME -house HOUSE [-admin NAME], list, house -name NAME -house HOUSE, rename -name NAME -to NEW", runSite},
	{"migrate", "copy a school's kiosk file into a site of the group: -from trainer.db -to postgres://… -site NAME (docs/group.md)", runMigrate},
	{"user", "add, password, deactivate, reactivate a user at the machine, the password on standard input (audited)", runUser},
	{"class", "a site's classes: add -name NAME -instructor NAME [-game uth,…], list, import -class NAME -csv FILE (audited; docs/classes.md)", runClass},
	{"records", "the records a regulator inspects: export -user NAME (a dealer's file), floor (who may deal what today, CSV), programmes [-approve GAME], signer -user NAME [-withdraw] (docs/records.md)", runRecords},
	{"unlock", "lift the sign-in holds of a user (NAME) or of everyone (--all), audited", runUnlock},
}

// run dispatches to a subcommand. Arguments that start with a flag go to the
// default command, so "trainer -addr :9000" serves.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	e := &env{Getenv: getenv, Stdin: stdin, Stdout: stdout, Stderr: stderr}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return commands[0].run(ctx, e, args)
	}
	name, rest := args[0], args[1:]
	if name == "help" {
		usage(stdout)
		return nil
	}
	for _, c := range commands {
		if c.name == name {
			return c.run(ctx, e, rest)
		}
	}
	usage(stderr)
	return fmt.Errorf("unknown command %q", name)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: trainer [command] [flags]")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\n\"trainer COMMAND -h\" lists the flags of a command.")
}
