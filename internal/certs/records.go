package certs

import (
	"context"
	"time"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/records"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Sheet is what a table test's page judges a dealer's table test in one
// game against: the certification now, the game's newest approved
// programme version (nil when none) and the dealer's table tests in the
// game.
type Sheet struct {
	Status    eval.CertStatus
	Programme *trainer.ProgrammeVersion
	Tests     []trainer.TableTest
}

// Sheet reads the table test's page of trainee userID in game: the
// certification now (an expiry seen for the first time put on record,
// Find), the approved programme (records.Approved) and the table tests.
func (c *Certs) Sheet(ctx context.Context, userID int64, game string) (Sheet, error) {
	var sh Sheet
	var err error
	if sh.Status, err = c.Find(ctx, userID, game); err != nil {
		return sh, err
	}
	vs, err := c.DB.ListProgrammeVersions(ctx, game)
	if err != nil {
		return sh, err
	}
	sh.Programme = records.Approved(vs)
	sh.Tests, err = c.DB.ListTableTests(ctx, userID, game)
	return sh, err
}

// Floor is who may deal what today at a site: its name, and each of its
// active trainees' certification in each game now.
type Floor struct {
	Site string
	Rows []Row
	Now  time.Time
}

// Floor reads the floor's list of site in games (Rows, expiries seen for
// the first time put on record): the trainees who belong to site, a
// trainee of no site left out. Returns KindNotFound if there is no such
// site.
func (c *Certs) Floor(ctx context.Context, site int64, games []string) (Floor, error) {
	f := Floor{Now: c.DB.Clock()}
	st, err := c.DB.FindSiteByID(ctx, site)
	if err != nil {
		return f, err
	}
	f.Site = st.Name
	rows, err := c.Rows(ctx, site, "", games)
	for _, row := range rows {
		if row.User.SiteID == site {
			f.Rows = append(f.Rows, row)
		}
	}
	return f, err
}
