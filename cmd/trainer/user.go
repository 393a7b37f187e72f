package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

const userUsage = `usage: trainer user add -db URL -name NAME -role ROLE [-site SITE]   (password or PIN on standard input)
       trainer user password -db URL -name NAME                          (the new one on standard input)
       trainer user deactivate -db URL -name NAME
       trainer user reactivate -db URL -name NAME`

// runUser is `trainer user`, the accounts at the machine, each change audited
// with the machine's operator as actor:
//
//   - add makes a user: how a group gets its director (an administrator's
//     form offers trainees, managers and administrators of their own site
//     only), and how a new site gets its first administrator;
//   - password sets a new password (or a trainee's PIN) and ends the user's
//     sessions: how a group director's password is reset, since no site's
//     administrator may change the director (trainer.User.Manages);
//   - deactivate and reactivate stop and restore a user's sign-ins.
//
// A password or PIN is read from the first line of standard input, never from
// the command line, where other users of the machine could read it.
func runUser(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 {
		fmt.Fprintln(e.Stderr, userUsage)
		return errors.New(`user: the commands are "add", "password", "deactivate" and "reactivate"`)
	}
	switch args[0] {
	case "add":
		return runUserAdd(ctx, e, args[1:])
	case "password", "deactivate", "reactivate":
		return runUserChange(ctx, e, args[0], args[1:])
	}
	fmt.Fprintln(e.Stderr, userUsage)
	return fmt.Errorf(`user: unknown command %q: the commands are "add", "password", "deactivate" and "reactivate"`, args[0])
}

func runUserAdd(ctx context.Context, e *env, args []string) error {
	fs := flag.NewFlagSet("trainer user add", flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	path := fs.String("db", "trainer.db", "the kiosk's database `file`, or the group's postgres:// URL")
	name := fs.String("name", "", "the user's `name`")
	roleName := fs.String("role", "", "trainee, manager, administrator, or director (a group's)")
	siteName := fs.String("site", "", "the `site` the user belongs to (at a group with more than one; never for a director)")
	var files auditFiles
	addAuditFlags(fs, &files)
	if err := fs.Parse(args); err != nil {
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
	if u.Role == trainer.RoleDirector && *siteName != "" {
		return errors.New("user add: -site: a group director belongs to no site; leave -site out")
	}
	secret, err := readSecret(e.Stdin, u.Role)
	if err != nil {
		return fmt.Errorf("user add: %w", err)
	}
	db, err := openUserDB(ctx, e, *path, files)
	if err != nil {
		return fmt.Errorf("user add: %w", err)
	}
	defer db.Close()
	ctx = trainer.WithOperator(ctx)
	where := "for the whole group" // a director sees every site
	if u.Role != trainer.RoleDirector {
		site, err := chooseSite(ctx, db, *siteName, isPostgres(*path))
		if err != nil {
			return fmt.Errorf("user add: %w", err)
		}
		u.SiteID, where = site.ID, "at "+site.Name
	}
	if u.SecretHash, err = trainer.HashSecret(secret); err != nil {
		return err
	}
	if err := db.CreateUser(ctx, u); err != nil {
		return fmt.Errorf("user add: %w", err)
	}
	fmt.Fprintf(e.Stdout, "added %s (%s) %s\n", u.Name, u.Role.Label(), where)
	return nil
}

// runUserChange is `trainer user password|deactivate|reactivate -name NAME`.
func runUserChange(ctx context.Context, e *env, verb string, args []string) error {
	fs := flag.NewFlagSet("trainer user "+verb, flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	path := fs.String("db", "trainer.db", "the kiosk's database `file`, or the group's postgres:// URL")
	name := fs.String("name", "", "the user's `name`")
	var files auditFiles
	addAuditFlags(fs, &files)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("user %s: unexpected argument %q", verb, fs.Arg(0))
	}
	if *name == "" {
		return fmt.Errorf("user %s: -name: name the user", verb)
	}
	db, err := openUserDB(ctx, e, *path, files)
	if err != nil {
		return fmt.Errorf("user %s: %w", verb, err)
	}
	defer db.Close()
	ctx = trainer.WithOperator(ctx)
	u, err := db.FindUserByName(ctx, trainer.NormalizeName(*name))
	if trainer.KindOf(err) == trainer.KindNotFound {
		return fmt.Errorf("user %s: -name: there is no user named %q", verb, *name)
	}
	if err != nil {
		return fmt.Errorf("user %s: %w", verb, err)
	}
	switch verb {
	case "password":
		secret, err := readSecret(e.Stdin, u.Role)
		if err != nil {
			return fmt.Errorf("user password: %w", err)
		}
		hash, err := trainer.HashSecret(secret)
		if err != nil {
			return err
		}
		if err := db.SetUserSecret(ctx, u.ID, hash); err != nil {
			return fmt.Errorf("user password: %w", err)
		}
		what := "password"
		if u.Role.UsesPIN() {
			what = "PIN"
		}
		fmt.Fprintf(e.Stdout, "new %s set for %s; their sessions are ended\n", what, u.Name)
	case "deactivate", "reactivate":
		if err := db.SetUserActive(ctx, u.ID, verb == "reactivate"); err != nil {
			return fmt.Errorf("user %s: %w", verb, err)
		}
		fmt.Fprintf(e.Stdout, "%sd %s\n", verb, u.Name)
	}
	return nil
}

// readSecret reads a password (or a trainee's PIN) from the first line of r
// and checks it for the role.
func readSecret(r io.Reader, role trainer.Role) (string, error) {
	line, err := bufio.NewReader(r).ReadString('\n')
	secret := strings.TrimRight(line, "\r\n")
	if secret == "" && err != nil {
		return "", errors.New("give the password (or PIN) on the first line of standard input")
	}
	if err := trainer.ValidateSecret(role, secret); err != nil {
		return "", fmt.Errorf("the password on standard input: %w", err)
	}
	return secret, nil
}

// openUserDB opens the database at path for a change the store audits,
// refusing a file that is not there (Open would make a new, empty one).
func openUserDB(ctx context.Context, e *env, path string, files auditFiles) (trainer.Store, error) {
	if _, err := os.Stat(path); err != nil && !isPostgres(path) {
		return nil, fmt.Errorf("-db: no kiosk database at %s", path)
	}
	db, err := openAudited(ctx, e, path, files)
	if err != nil {
		return nil, fmt.Errorf("-db: %w", err)
	}
	return db, nil
}
