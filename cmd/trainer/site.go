package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// runSite is `trainer site add|list|house|rename -db URL …`: the sites of a
// group (docs/group.md). A kiosk on a SQLite file is one site and needs none
// of it but rename.
//
// `site add -admin NAME` makes the site's first administrator with it, in one
// transaction, the password read from standard input: how a new site gets
// the person who adds its people, since /setup is gone once the group has a
// user.
func runSite(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return errors.New("site: say add, list, house or rename (trainer site add -db URL -name NAME -house HOUSE [-admin NAME])")
	}
	verb, args := args[0], args[1:]
	fs := flag.NewFlagSet("trainer site "+verb, flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	path := fs.String("db", "trainer.db", "the group's database `URL` (postgres://…), or a kiosk's file")
	name := fs.String("name", "", "the site's `name`, as people call the property")
	house := fs.String("house", "", "the `house` whose rules the site plays (a directory of the rules)")
	rulesDir := fs.String("rules", "", "read house rules from `dir` instead of the built-in ones")
	adminName := fs.String("admin", "", "with add: the `name` of the site's first administrator (the password on standard input)")
	to := fs.String("to", "", "with rename: the site's new `name`")
	var files auditFiles
	addAuditFlags(fs, &files)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("site %s: unexpected argument %q", verb, fs.Arg(0))
	}
	if verb != "add" && verb != "list" && verb != "house" && verb != "rename" {
		return fmt.Errorf("site: %q is not add, list, house or rename", verb)
	}
	if *adminName != "" && verb != "add" {
		return fmt.Errorf("site %s: -admin goes with site add", verb)
	}
	var admin *trainer.User
	if *adminName != "" {
		admin = &trainer.User{Name: trainer.NormalizeName(*adminName), Role: trainer.RoleAdministrator}
		if err := trainer.ValidateName(admin.Name); err != nil {
			return fmt.Errorf("site add: -admin: %w", err)
		}
		secret, err := readSecret(e.Stdin, trainer.RoleAdministrator)
		if err != nil {
			return fmt.Errorf("site add: -admin: %w", err)
		}
		if admin.SecretHash, err = trainer.HashSecret(secret); err != nil {
			return err
		}
	}
	if verb == "rename" {
		if err := trainer.ValidateName(trainer.NormalizeName(*to)); err != nil {
			return fmt.Errorf("site rename: -to: %w", err)
		}
	} else if verb != "list" {
		// Everything is checked before the database is touched: nothing
		// half-written.
		if err := trainer.ValidateName(trainer.NormalizeName(*name)); err != nil {
			return fmt.Errorf("site %s: -name: %w", verb, err)
		}
		if err := checkHouse(*rulesDir, *house); err != nil {
			return fmt.Errorf("site %s: %w", verb, err)
		}
	}
	if _, err := os.Stat(*path); err != nil && !isPostgres(*path) {
		return fmt.Errorf("site %s: -db: no kiosk database at %s", verb, *path)
	}
	db, err := openAudited(ctx, e, *path, files)
	if err != nil {
		return fmt.Errorf("site %s: -db: %w", verb, err)
	}
	defer db.Close()
	ctx = trainer.WithOperator(ctx)
	switch verb {
	case "add":
		s := &trainer.Site{Name: *name, House: *house}
		if admin == nil {
			if err := db.CreateSite(ctx, s); err != nil {
				return fmt.Errorf("site add: -name: %w", err)
			}
			fmt.Fprintf(e.Stdout, "added site %s, playing house %s\n", s.Name, s.House)
			return nil
		}
		err := db.CreateSiteWithAdministrator(ctx, s, admin)
		switch {
		case errors.Is(err, trainer.ErrNameTaken) || errors.As(err, new(*trainer.NameLookalike)):
			return fmt.Errorf("site add: -admin: %w (nothing added)", err)
		case err != nil:
			return fmt.Errorf("site add: -name: %w (nothing added)", err)
		}
		fmt.Fprintf(e.Stdout, "added site %s, playing house %s, with its administrator %s: they sign in at the site's kiosks and add its people\n",
			s.Name, s.House, admin.Name)
	case "rename":
		s, err := db.FindSiteByName(ctx, *name)
		if err != nil {
			return fmt.Errorf("site rename: -name: %w", err)
		}
		old := s.Name
		if s, err = db.RenameSite(ctx, s.ID, *to); err != nil {
			return fmt.Errorf("site rename: -to: %w", err)
		}
		fmt.Fprintf(e.Stdout, "site %s is now %s\n", old, s.Name)
	case "house":
		s, err := db.FindSiteByName(ctx, *name)
		if err != nil {
			return fmt.Errorf("site house: -name: %w", err)
		}
		if s, err = db.SetSiteHouse(ctx, s.ID, *house); err != nil {
			return fmt.Errorf("site house: %w", err)
		}
		fmt.Fprintf(e.Stdout, "site %s plays house %s\n", s.Name, s.House)
	case "list":
		sites, err := db.ListSites(ctx)
		if err != nil {
			return fmt.Errorf("site list: %w", err)
		}
		for _, s := range sites {
			fmt.Fprintf(e.Stdout, "%s\thouse %s\n", s.Name, s.House)
		}
	}
	return nil
}

// checkHouse refuses a house the rules do not have, naming the flag.
func checkHouse(rulesDir, house string) error {
	if house == "" {
		return errors.New("-house: name the house whose rules the site plays")
	}
	book, err := loadBook(rulesDir)
	if err != nil {
		return err
	}
	if _, err := book.House(house); err != nil {
		return fmt.Errorf("-house: %w", err)
	}
	return nil
}

// servedSite is the site a kiosk process serves (-site). A SQLite kiosk is
// its one site, which plays the -house the kiosk runs with (kept on the site,
// so that "trainer migrate" knows the school's house). At a group, -site
// names one of the group's sites, and may be left out while there is one;
// the process then plays that site's house, and -house, if given, must agree.
func servedSite(ctx context.Context, db trainer.Store, book *rulebook.Book, cfg *Config, postgres bool) (*trainer.Site, error) {
	if !postgres {
		if _, err := chooseSite(ctx, db, cfg.Site, false); err != nil {
			return nil, err
		}
		return db.SetSiteHouse(trainer.WithOperator(ctx), trainer.FirstSiteID, cfg.House)
	}
	site, err := chooseSite(ctx, db, cfg.Site, true)
	if err != nil {
		return nil, err
	}
	if cfg.HouseSet && cfg.House != site.House {
		return nil, fmt.Errorf("-house: site %s plays house %s (trainer site house changes it); leave -house out", site.Name, site.House)
	}
	if _, err := book.House(site.House); err != nil {
		return nil, fmt.Errorf("site %s plays house %s, which these rules do not have: %w", site.Name, site.House, err)
	}
	cfg.House = site.House
	return site, nil
}

// chooseSite finds the site -site names: at a group, one of its sites (the
// only one when the name is left out); a kiosk's file has one site and no
// -site. Refusals name the flag.
func chooseSite(ctx context.Context, db trainer.Store, name string, postgres bool) (*trainer.Site, error) {
	if !postgres {
		if name != "" {
			return nil, errors.New("-site: a kiosk on a database file is one site; -site names a site of a group's PostgreSQL database")
		}
		return db.FindSiteByID(ctx, trainer.FirstSiteID)
	}
	sites, err := db.ListSites(ctx)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, s := range sites {
		names = append(names, s.Name)
	}
	switch {
	case name == "" && len(sites) == 1:
		return sites[0], nil
	case name == "":
		return nil, fmt.Errorf("-site: the group has %d sites (%s): name the one this kiosk serves", len(sites), strings.Join(names, ", "))
	}
	site, err := db.FindSiteByName(ctx, name)
	if trainer.KindOf(err) == trainer.KindNotFound {
		return nil, fmt.Errorf("-site: the group has no site named %q (it has %s); add it with trainer site add", name, strings.Join(names, ", "))
	}
	return site, err
}
