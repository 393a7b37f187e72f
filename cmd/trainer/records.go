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
	"github.com/dealerkiosk/trainer/web/view"
)

const recordsUsage = `usage: trainer records export -db URL -user NAME [-lang en|it|ru] [-site SITE]
       trainer records floor -db URL [-lang en|it|ru] [-site SITE]
       trainer records programmes -db URL [-approve GAME] [-lang en|it|ru] [-site SITE]
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
//     version when its content changed, lists the versions with their
//     changes in the reader's language, and with -approve approves the
//     version of a game as the house's files hold it now;
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
	lang := fs.String("lang", "", "with export, floor and programmes: the `language` of the document or the changes (en, it, ru; default: the house's)")
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
		return recordProgrammes(ctx, e.Stdout, db, house, *approve, l)
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

// recordHouseProgrammes records each game's programme of house, as its
// files hold it now, as a version when its content is new (not approving
// it), and returns the version of each game. The kiosk's start calls it too
// (docs/records.md). Two processes of a group starting together may both
// try to record a new content as the same number: the one refused finds the
// other's version on its second try.
func recordHouseProgrammes(ctx context.Context, db trainer.Store, h *rulebook.House) (map[string]*trainer.ProgrammeVersion, error) {
	out := map[string]*trainer.ProgrammeVersion{}
	for _, g := range records.Games(h) {
		body, err := records.Body(h.Programmes[g], h.Certification[g])
		if err != nil {
			return nil, err
		}
		v, err := db.RecordProgrammeVersion(ctx, &trainer.ProgrammeVersion{Body: body})
		if trainer.KindOf(err) == trainer.KindConflict {
			v, err = db.RecordProgrammeVersion(ctx, &trainer.ProgrammeVersion{Body: body})
		}
		if err != nil {
			return nil, fmt.Errorf("record the programme of %s: %w", g, err)
		}
		out[g] = v
	}
	return out, nil
}

// recordProgrammes records each game's programme of house as a version when
// its content changed, approves the version of game approve as the files
// hold it now when given, and lists the versions, each with its changes from
// the one before said in l's language from the catalogues (as the
// programmes' page says them).
func recordProgrammes(ctx context.Context, out io.Writer, db trainer.Store, h *rulebook.House, approve string, l *i18n.Localizer) error {
	current, err := recordHouseProgrammes(ctx, db, h)
	if err != nil {
		return fmt.Errorf("records programmes: %w", err)
	}
	if approve != "" {
		// The version of the house's files as they are now (at a group,
		// not a newer one a move copied from a school).
		v := current[approve]
		if v == nil {
			return fmt.Errorf("records programmes: -approve: the house has no programme of %q (its games: %s)", approve, strings.Join(records.Games(h), ", "))
		}
		if _, err := db.ApproveProgrammeVersion(ctx, v.ID); err != nil {
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
		var old *trainer.ProgrammeBody
		if prev != nil && prev.Game == v.Game {
			old = &prev.Body
		}
		changes := view.ChangeWords(i18n.NewContext(ctx, l), old, v.Body)
		fmt.Fprintf(out, "%s version %d (%s), recorded %s: %s\n", v.Game, v.Number, state,
			v.RecordedAt.UTC().Format(time.DateOnly), strings.Join(changes, " "))
		prev = v
	}
	return nil
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
