package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// runUser is `trainer user add -db URL -name NAME -role ROLE [-site SITE]`,
// the password (or a trainee's PIN) read from the first line of standard
// input, never from the command line, where other users of the machine could
// read it. It is how a group gets its director: an administrator's form
// offers trainees, managers and administrators of their own site only.
// Audited, with the machine's operator as actor.
func runUser(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 || args[0] != "add" {
		return errors.New("user: say add (trainer user add -db URL -name NAME -role director < password-file)")
	}
	fs := flag.NewFlagSet("trainer user add", flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	path := fs.String("db", "trainer.db", "the kiosk's database `file`, or the group's postgres:// URL")
	name := fs.String("name", "", "the user's `name`")
	roleName := fs.String("role", "", "trainee, manager, administrator, or director (a group's)")
	siteName := fs.String("site", "", "the `site` the user belongs to (at a group with more than one)")
	var files auditFiles
	addAuditFlags(fs, &files)
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("user add: unexpected argument %q", fs.Arg(0))
	}
	u := &trainer.User{Name: trainer.NormalizeName(*name), Role: trainer.Role(*roleName)}
	if err := trainer.ValidateName(u.Name); err != nil {
		return fmt.Errorf("user add: -name: %w", err)
	}
	if _, err := trainer.ParseRole(*roleName); err != nil && u.Role != trainer.RoleDirector {
		return fmt.Errorf("user add: -role: choose trainee, manager, administrator or director")
	}
	line, err := bufio.NewReader(e.Stdin).ReadString('\n')
	secret := strings.TrimRight(line, "\r\n")
	if secret == "" && err != nil {
		return errors.New("user add: give the password (or PIN) on the first line of standard input")
	}
	if err := trainer.ValidateSecret(u.Role, secret); err != nil {
		return fmt.Errorf("user add: the password on standard input: %w", err)
	}
	// Open would make a new, empty database where none is: say so instead.
	if _, err := os.Stat(*path); err != nil && !isPostgres(*path) {
		return fmt.Errorf("user add: -db: no kiosk database at %s", *path)
	}
	db, err := openAudited(ctx, e, *path, files)
	if err != nil {
		return fmt.Errorf("user add: -db: %w", err)
	}
	defer db.Close()
	ctx = trainer.WithOperator(ctx)
	site, err := chooseSite(ctx, db, *siteName, isPostgres(*path))
	if err != nil {
		return fmt.Errorf("user add: %w", err)
	}
	u.SiteID = site.ID
	if u.SecretHash, err = trainer.HashSecret(secret); err != nil {
		return err
	}
	if err := db.CreateUser(ctx, u); err != nil {
		return fmt.Errorf("user add: %w", err)
	}
	fmt.Fprintf(e.Stdout, "added %s (%s) at %s\n", u.Name, u.Role.Label(), site.Name)
	return nil
}
