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

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

const classUsage = `usage: trainer class add -db URL -name NAME -instructor NAME [-instructor NAME …] [-game uth,…] [-starts YYYY-MM-DD] [-ends YYYY-MM-DD] [-site SITE]
       trainer class list -db URL [-site SITE]
       trainer class import -db URL -class NAME -csv FILE [-preview] [-site SITE]`

// runClass is `trainer class`, a site's classes at the machine (issue 23,
// docs/classes.md), each change audited with the machine's operator as
// actor:
//
//   - add makes a class led by one or more managers or administrators,
//     learning the games given (every game of the site's house when none
//     is);
//   - list lists the classes, their instructors, rosters and days;
//   - import reads a roster file (name, badge, PIN; UTF-8 with or without
//     a byte-order mark, `,` or `;`), prints each row's fate, commits every
//     accepted row at once or nothing, and prints the PINs the kiosk made,
//     to hand out. With -preview it prints the fates and saves nothing.
func runClass(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 {
		fmt.Fprintln(e.Stderr, classUsage)
		return errors.New(`class: the commands are "add", "list" and "import"`)
	}
	verb, args := args[0], args[1:]
	if verb != "add" && verb != "list" && verb != "import" {
		fmt.Fprintln(e.Stderr, classUsage)
		return fmt.Errorf(`class: unknown command %q: the commands are "add", "list" and "import"`, verb)
	}
	fs := flag.NewFlagSet("trainer class "+verb, flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	path := fs.String("db", "trainer.db", "the kiosk's database `file`, or the group's postgres:// URL")
	siteName := fs.String("site", "", "the `site` of the class (at a group with more than one)")
	name := fs.String("name", "", "with add: the class's `name`")
	var instructors []string
	fs.Func("instructor", "with add: the `name` of a manager or administrator who leads the class (again for each)", func(s string) error {
		instructors = append(instructors, s)
		return nil
	})
	gameList := fs.String("game", "", "with add: the `games` it learns, comma-separated (default: every game of the site's house)")
	starts := fs.String("starts", "", "with add: its first `day`, YYYY-MM-DD")
	ends := fs.String("ends", "", "with add: its last `day`, YYYY-MM-DD")
	rulesDir := fs.String("rules", "", "with add: read house rules from `dir` instead of the built-in ones")
	className := fs.String("class", "", "with import: the `name` of the class")
	csvPath := fs.String("csv", "", "with import: the roster `file`: name, badge and PIN a row")
	preview := fs.Bool("preview", false, "with import: print each row's fate and save nothing")
	var files auditFiles
	addAuditFlags(fs, &files)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("class %s: unexpected argument %q", verb, fs.Arg(0))
	}
	// What needs no database is checked first: nothing is opened for a
	// command that cannot run.
	var roster []class.Row
	switch verb {
	case "add":
		if trainer.NormalizeName(*name) == "" {
			return errors.New("class add: -name: name the class")
		}
		if len(instructors) == 0 {
			return errors.New("class add: -instructor: name the manager or administrator who leads the class")
		}
	case "import":
		if *className == "" {
			return errors.New("class import: -class: name the class")
		}
		var err error
		if roster, err = readRoster(*csvPath); err != nil {
			return fmt.Errorf("class import: -csv: %w", err)
		}
	}
	db, err := openUserDB(ctx, e, *path, files)
	if err != nil {
		return fmt.Errorf("class %s: %w", verb, err)
	}
	defer db.Close()
	ctx = trainer.WithOperator(ctx)
	site, err := chooseSite(ctx, db, *siteName, isPostgres(*path))
	if err != nil {
		return fmt.Errorf("class %s: %w", verb, err)
	}
	switch verb {
	case "add":
		return classAdd(ctx, e.Stdout, db, site, *name, instructors, *gameList, *starts, *ends, *rulesDir)
	case "list":
		return classList(ctx, e.Stdout, db, site)
	}
	c, err := db.FindClassByName(ctx, site.ID, *className)
	if errors.Is(err, trainer.ErrClassNotFound) {
		return fmt.Errorf("class import: -class: site %s has no class named %q (trainer class list shows them)", site.Name, *className)
	} else if err != nil {
		return fmt.Errorf("class import: %w", err)
	}
	return classImport(ctx, e.Stdout, db, c, roster, *preview)
}

// classAdd makes the class, everything checked before it is written.
func classAdd(ctx context.Context, out io.Writer, db trainer.Store, site *trainer.Site, name string, instructors []string,
	gameList, starts, ends, rulesDir string) error {
	offered, err := houseGames(rulesDir, site.House)
	if err != nil {
		return fmt.Errorf("class add: %w", err)
	}
	c := &class.Class{SiteID: site.ID, Name: name, Games: offered}
	if gameList != "" {
		c.Games = strings.Split(strings.ReplaceAll(gameList, " ", ""), ",")
	}
	if c.Starts, err = parseDay(starts); err != nil {
		return fmt.Errorf("class add: -starts: %w", err)
	}
	if c.Ends, err = parseDay(ends); err != nil {
		return fmt.Errorf("class add: -ends: %w", err)
	}
	var leaders []string
	for _, n := range instructors {
		u, err := db.FindUserByName(ctx, n)
		if trainer.KindOf(err) == trainer.KindNotFound {
			return fmt.Errorf("class add: -instructor: there is no user named %q", n)
		} else if err != nil {
			return fmt.Errorf("class add: %w", err)
		}
		if err := class.CheckInstructor(u); err != nil {
			return fmt.Errorf("class add: -instructor: %w", err)
		}
		c.Instructors = append(c.Instructors, u.ID)
		leaders = append(leaders, u.Name)
	}
	c.Normalize()
	if err := c.Validate(offered); err != nil {
		return fmt.Errorf("class add: %s: %w", classFlag(err), said(err))
	}
	if err := db.CreateClass(ctx, (*trainer.Class)(c)); err != nil {
		return fmt.Errorf("class add: %s: %w", classFlag(err), said(err))
	}
	fmt.Fprintf(out, "added class %s at %s, led by %s, learning %s\n", c.Name, site.Name, strings.Join(leaders, ", "),
		strings.Join(c.Games, ", "))
	return nil
}

// said is the sentence of a refusal for people, without the operations
// that wrapped it on the way; any other error as it is.
func said(err error) error {
	var e *trainer.Error
	if errors.As(err, &e) {
		return e
	}
	return err
}

// classFlag is the flag a refusal of a class is about.
func classFlag(err error) string {
	var e *trainer.Error
	if !errors.As(err, &e) {
		return "-db"
	}
	switch {
	case strings.HasPrefix(e.ID, "class.err.game"):
		return "-game"
	case e.ID == "class.err.dates":
		return "-ends"
	case strings.HasPrefix(e.ID, "class.err.instructor"), e.ID == "err.class_other_site":
		return "-instructor"
	}
	return "-name"
}

// classList prints the site's classes, one a line.
func classList(ctx context.Context, out io.Writer, db trainer.Store, site *trainer.Site) error {
	cs, err := db.ListClasses(ctx, trainer.ClassFilter{SiteID: site.ID})
	if err != nil {
		return fmt.Errorf("class list: %w", err)
	}
	for _, c := range cs {
		var leaders []string
		for _, id := range c.Instructors {
			u, err := db.FindUserByID(ctx, id)
			if err != nil {
				return fmt.Errorf("class list: %w", err)
			}
			leaders = append(leaders, u.Name)
		}
		days := "no dates"
		if !c.Starts.IsZero() || !c.Ends.IsZero() {
			days = dayOrDash(c.Starts) + " to " + dayOrDash(c.Ends)
		}
		fmt.Fprintf(out, "%s\tled by %s\t%d trainees\t%s\t%s\n", c.Name, strings.Join(leaders, ", "), len(c.Members),
			strings.Join(c.Games, ", "), days)
	}
	return nil
}

// classImport plans the roster against every user, prints each row's
// fate, commits the accepted rows at once (unless preview) and prints the
// PINs the kiosk made.
func classImport(ctx context.Context, out io.Writer, db trainer.Store, c *trainer.Class, rows []class.Row, preview bool) error {
	users, err := db.ListUsers(ctx, trainer.UserFilter{})
	if err != nil {
		return fmt.Errorf("class import: %w", err)
	}
	plan, err := class.PlanImport(rows, class.IndexUsers(users), c.Members, nil)
	if err != nil {
		return fmt.Errorf("class import: %w", err)
	}
	l := i18n.Default().Localizer(i18n.Source)
	for _, e := range plan.Entries {
		fmt.Fprintf(out, "line %d\t%s\t%s\n", e.Line, rowName(e.Row), fateWords(l, e))
	}
	accepted := plan.Count(class.FateAdd) + plan.Count(class.FateJoin)
	summary := fmt.Sprintf("%d new, %d joining, %d in the class already, %d refused", plan.Count(class.FateAdd),
		plan.Count(class.FateJoin), plan.Count(class.FateMember), plan.Count(class.FateRefused))
	switch {
	case preview:
		fmt.Fprintf(out, "preview of %s: %s; nothing saved\n", c.Name, summary)
		return nil
	case accepted == 0:
		fmt.Fprintf(out, "%s: %s; nothing to save\n", c.Name, summary)
		return nil
	}
	im, err := plan.Import(trainer.HashSecret)
	if err != nil {
		return fmt.Errorf("class import: %w (nothing imported)", err)
	}
	if err := db.ImportClassRoster(ctx, c.ID, im); err != nil {
		var ie *trainer.ClassImportError
		if !errors.As(err, &ie) {
			return fmt.Errorf("class import: %w (nothing imported)", err)
		}
		return fmt.Errorf("class import: -csv: %w (nothing imported: the kiosk's users changed since the file was read; run it again)", ie)
	}
	fmt.Fprintf(out, "imported into %s: %s\n", c.Name, summary)
	if slips := plan.Slips(); len(slips) > 0 {
		fmt.Fprintf(out, "\nPINs the kiosk made, to hand out (name, badge, PIN):\n")
		for _, s := range slips {
			fmt.Fprintf(out, "%s\t%s\t%s\n", s.Name, dashIfEmpty(s.Badge), s.IssuedPIN)
		}
	}
	return nil
}

// fateWords says a row's fate in l's words: the fate, and its note or
// the refusal's reason.
func fateWords(l *i18n.Localizer, e class.Entry) string {
	fate := l.T("class.fate." + e.Fate.String())
	var note string
	switch {
	case e.Refusal != nil && e.Refusal.ID != "":
		note = l.T(e.Refusal.ID, e.Refusal.Args...)
	case e.Refusal != nil:
		note = e.Refusal.Message
	case e.Fate == class.FateAdd && e.PINMade:
		note = l.T("class.import.pin_made")
	case e.Fate == class.FateAdd:
		note = l.T("class.import.pin_given")
	case e.PINUnused:
		note = l.T("class.import.pin_unused")
	}
	if note == "" {
		return fate
	}
	return fate + ": " + note
}

// rowName is a row's name and badge as the file gives them.
func rowName(r class.Row) string {
	name := r.Name
	if name == "" {
		name = "(no name)"
	}
	if r.Badge != "" {
		name += " (" + r.Badge + ")"
	}
	return name
}

// readRoster reads and parses the roster file at path, refusing one
// larger than a roster can be before reading it whole.
func readRoster(path string) ([]class.Row, error) {
	if path == "" {
		return nil, errors.New("give the roster file")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, class.MaxRosterBytes+1))
	if err != nil {
		return nil, err
	}
	return class.ParseRoster(data)
}

// houseGames are the games the house has drills for, in the kiosk's order.
func houseGames(rulesDir, house string) ([]string, error) {
	book, err := loadBook(rulesDir)
	if err != nil {
		return nil, err
	}
	fsys, err := rulesFS(rulesDir)
	if err != nil {
		return nil, err
	}
	gen, err := drills.Load(book, fsys)
	if err != nil {
		return nil, err
	}
	return practice.NewPlanner(gen, house, "").Games(), nil
}

func parseDay(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%q is not a day written YYYY-MM-DD", s)
	}
	return t, nil
}

func dayOrDash(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Format(time.DateOnly)
}

func dashIfEmpty(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
