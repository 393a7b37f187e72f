package main

import (
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/dealerkiosk/trainer/internal/i18n"
	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

const recordsUsage = `usage: trainer records export -db URL -user NAME [-lang en|it|ru] [-site SITE]
       trainer records floor -db URL [-lang en|it|ru] [-site SITE]
       trainer records programmes -db URL [-approve GAME] [-site SITE]
       trainer records signer -db URL -user NAME [-withdraw]`

// runRecords is `trainer records`, the records a gaming regulator inspects
// at the machine (issue 24, docs/records.md), each change audited with the
// machine's operator as actor:
//
//   - export prints a dealer's complete file (identity, per game the
//     authorisation, programme version, hours, exams and table tests with
//     their checklist and signer, the entered table hours; the topics
//     outside the games; the verification code), in the reader's language:
//     what a leaving dealer's file is before their account is closed;
//   - floor prints, as CSV, who may deal what today at the site: the
//     floor's list for opening tables;
//   - programmes records each game's programme of the site's house as a
//     version when its content changed, lists the versions, and with
//     -approve approves the newest version of a game;
//   - signer marks a manager or administrator as one who may sign table
//     tests, or with -withdraw takes the mark away.
func runRecords(ctx context.Context, e *env, args []string) error {
	verbs := []string{"export", "floor", "programmes", "signer"}
	if len(args) == 0 || !contains(verbs, args[0]) {
		fmt.Fprintln(e.Stderr, recordsUsage)
		return errors.New(`records: the commands are "export", "floor", "programmes" and "signer"`)
	}
	verb, args := args[0], args[1:]
	fs := flag.NewFlagSet("trainer records "+verb, flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	path := fs.String("db", "trainer.db", "the kiosk's database `file`, or the group's postgres:// URL")
	siteName := fs.String("site", "", "the `site` (at a group with more than one)")
	userName := fs.String("user", "", "with export and signer: the user's `name`")
	lang := fs.String("lang", "", "with export and floor: the `language` of the document (en, it, ru; default: the house's)")
	rulesDir := fs.String("rules", "", "read house rules from `dir` instead of the built-in ones")
	approve := fs.String("approve", "", "with programmes: approve the newest version of this `game`")
	withdraw := fs.Bool("withdraw", false, "with signer: take the mark away")
	var files auditFiles
	addAuditFlags(fs, &files)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("records %s: unexpected argument %q", verb, fs.Arg(0))
	}
	if (verb == "export" || verb == "signer") && strings.TrimSpace(*userName) == "" {
		return fmt.Errorf("records %s: -user: name the user", verb)
	}
	if *lang != "" && !i18n.IsOffered(*lang) {
		return fmt.Errorf("records %s: -lang: %q is not a language the kiosk offers (en, it, ru)", verb, *lang)
	}
	book, err := loadBook(*rulesDir)
	if err != nil {
		return fmt.Errorf("records %s: %w", verb, err)
	}
	db, err := openUserDB(ctx, e, *path, files)
	if err != nil {
		return fmt.Errorf("records %s: %w", verb, err)
	}
	defer db.Close()
	ctx = trainer.WithOperator(ctx)
	site, err := chooseSite(ctx, db, *siteName, isPostgres(*path))
	if err != nil {
		return fmt.Errorf("records %s: %w", verb, err)
	}
	house, err := book.House(site.House)
	if err != nil {
		return fmt.Errorf("records %s: %w", verb, err)
	}
	if *lang == "" {
		*lang = house.Language
	}
	l := i18n.Default().Localizer(*lang)
	switch verb {
	case "export":
		u, err := db.FindUserByName(ctx, *userName)
		if trainer.KindOf(err) == trainer.KindNotFound {
			return fmt.Errorf("records export: -user: there is no user named %q", *userName)
		} else if err != nil {
			return fmt.Errorf("records export: %w", err)
		}
		return exportFile(ctx, e.Stdout, db, house, u, l)
	case "floor":
		return floorList(ctx, e.Stdout, db, house, site, l)
	case "programmes":
		return recordProgrammes(ctx, e.Stdout, db, house, *approve)
	}
	u, err := db.FindUserByName(ctx, *userName)
	if trainer.KindOf(err) == trainer.KindNotFound {
		return fmt.Errorf("records signer: -user: there is no user named %q", *userName)
	} else if err != nil {
		return fmt.Errorf("records signer: %w", err)
	}
	if _, err := db.SetTableTestSigner(ctx, u.ID, !*withdraw); err != nil {
		return fmt.Errorf("records signer: %w", said(err))
	}
	if *withdraw {
		fmt.Fprintf(e.Stdout, "%s may no longer sign table tests\n", u.Name)
	} else {
		fmt.Fprintf(e.Stdout, "%s may sign table tests\n", u.Name)
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// recordProgrammes records each game's programme of house as a version when
// its content changed, approves the newest of game approve when given, and
// lists the versions.
func recordProgrammes(ctx context.Context, out io.Writer, db trainer.Store, h *rulebook.House, approve string) error {
	for _, g := range records.Games(h) {
		body, err := records.Body(h.Programmes[g], h.Certification[g])
		if err != nil {
			return fmt.Errorf("records programmes: %w", err)
		}
		if _, err := db.RecordProgrammeVersion(ctx, &trainer.ProgrammeVersion{Body: body}); err != nil {
			return fmt.Errorf("records programmes: %w", err)
		}
	}
	if approve != "" {
		vs, err := db.ListProgrammeVersions(ctx, approve)
		if err != nil {
			return fmt.Errorf("records programmes: %w", err)
		}
		if len(vs) == 0 {
			return fmt.Errorf("records programmes: -approve: the house has no programme of %q (its games: %s)", approve, strings.Join(records.Games(h), ", "))
		}
		if _, err := db.ApproveProgrammeVersion(ctx, vs[len(vs)-1].ID); err != nil {
			return fmt.Errorf("records programmes: -approve: %w", said(err))
		}
	}
	vs, err := db.ListProgrammeVersions(ctx, "")
	if err != nil {
		return fmt.Errorf("records programmes: %w", err)
	}
	var prev *trainer.ProgrammeVersion
	for _, v := range vs {
		state := "waiting for approval"
		if v.Approved() {
			state = "approved " + v.ApprovedAt.UTC().Format(time.DateOnly)
		}
		var changes []string
		var old *trainer.ProgrammeBody
		if prev != nil && prev.Game == v.Game {
			old = &prev.Body
		}
		for _, c := range records.Changes(old, v.Body) {
			changes = append(changes, describeChange(c))
		}
		fmt.Fprintf(out, "%s version %d (%s), recorded %s: %s\n", v.Game, v.Number, state,
			v.RecordedAt.UTC().Format(time.DateOnly), strings.Join(changes, "; "))
		prev = v
	}
	return nil
}

// describeChange says a programme's change for the operator's terminal.
func describeChange(c records.Change) string {
	switch c.Kind {
	case records.ChangeFirst:
		return "the first version"
	case records.ChangeMinimumHours:
		return fmt.Sprintf("minimum hours %d → %d", c.From, c.To)
	case records.ChangeMinimumBefore:
		return map[int]string{0: "the minimum is no longer required before the exam", 1: "the minimum is required before the exam"}[c.To]
	case records.ChangeTopicAdded:
		return fmt.Sprintf("topic %s added (%d h)", c.Item, c.To)
	case records.ChangeTopicRemoved:
		return fmt.Sprintf("topic %s removed", c.Item)
	case records.ChangeTopicHours:
		return fmt.Sprintf("topic %s %d h → %d h", c.Item, c.From, c.To)
	case records.ChangeItemAdded:
		return fmt.Sprintf("checklist item %s added", c.Item)
	case records.ChangeItemRemoved:
		return fmt.Sprintf("checklist item %s removed", c.Item)
	case records.ChangeDrillAdded:
		return fmt.Sprintf("drill %s added", c.Item)
	case records.ChangeDrillRemoved:
		return fmt.Sprintf("drill %s removed", c.Item)
	case records.ChangeStandard:
		return "the exam's standard changed"
	}
	return string(c.Kind)
}

// floorList prints, as CSV, every active dealer of site authorised to deal
// a game today, a row per dealer and game, by name.
func floorList(ctx context.Context, out io.Writer, db trainer.Store, h *rulebook.House, site *trainer.Site, l *i18n.Localizer) error {
	users, err := db.ListUsers(ctx, trainer.UserFilter{SiteID: site.ID, Role: trainer.RoleTrainee})
	if err != nil {
		return fmt.Errorf("records floor: %w", err)
	}
	w := csv.NewWriter(out)
	w.Write([]string{l.T("records.floor.name"), l.T("records.floor.badge"), l.T("records.floor.game"),
		l.T("records.floor.since"), l.T("records.floor.until"), l.T("records.floor.signed_by")})
	now := db.Clock()
	for _, u := range users {
		if !u.Active {
			continue
		}
		for _, g := range records.Games(h) {
			rec, err := db.FindCertRecord(ctx, u.ID, g)
			if err != nil {
				return fmt.Errorf("records floor: %w", err)
			}
			a := records.Authorise(rec, h.Certification[g].Policy, now)
			if !a.MayDeal {
				continue
			}
			w.Write([]string{u.Name, u.Badge, l.T("game." + g), l.Date(a.Grant.At), l.Date(a.Expires), a.Grant.Actor})
		}
	}
	w.Flush()
	return w.Error()
}
