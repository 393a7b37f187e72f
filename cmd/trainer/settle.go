package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/dealerkiosk/trainer/internal/settle"
)

// exitCode is an error that sets the process's exit status without a message
// of its own: `trainer settle` exits with 2 when it rejected any round.
type exitCode struct {
	code int
	msg  string
}

func (e exitCode) Error() string { return e.msg }

// runSettle is `trainer settle` (SETTLE.md): rounds as JSON Lines on standard
// input, one result or error per line on standard output, exit status 2 once
// all input is read if any round was rejected.
func runSettle(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("trainer settle", flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	house := fs.String("house", "default", "settle under this `house` (a round's own \"house\" field wins)")
	dir := fs.String("rules", "", "layer the house rules of `dir` over the built-in ones")
	fs.Usage = func() {
		fmt.Fprintln(e.Stderr, "usage: trainer settle [--house NAME] [--rules DIR] < rounds.jsonl")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("settle: unexpected argument %q (rounds are read from standard input)", fs.Arg(0))
	}
	book, err := loadBook(*dir)
	if err != nil {
		return err
	}
	if _, err := book.House(*house); err != nil {
		return fmt.Errorf("--house: %w", err)
	}
	rejected, err := settle.Stream(book, *house, e.Stdin, e.Stdout)
	if err != nil {
		return fmt.Errorf("settle: %w", err)
	}
	if rejected > 0 {
		return exitCode{2, fmt.Sprintf("settle: %d round(s) rejected", rejected)}
	}
	return nil
}
