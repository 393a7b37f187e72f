package certs

import (
	"context"
	"time"

	"github.com/dealerkiosk/trainer/internal/eval"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// Standings is where the certification st of trainee u in game holds
// across the group's sites: nil at a kiosk of one site, for a
// certification not valid at all, or for a trainee whose site is not
// found.
func (c *Certs) Standings(ctx context.Context, u *trainer.User, game string, st eval.CertStatus) ([]eval.SiteStanding, error) {
	if !st.State.MayDeal() {
		return nil, nil
	}
	sites, err := c.DB.ListSites(ctx)
	if err != nil || len(sites) < 2 {
		return nil, err
	}
	var home *trainer.Site
	for _, site := range sites {
		if site.ID == u.SiteID {
			home = site
		}
	}
	if home == nil {
		return nil, nil
	}
	tests, err := c.DB.ListSiteTableTests(ctx, u.ID, game)
	if err != nil {
		return nil, err
	}
	fingerprint := func(house string) (string, error) {
		h, err := c.Book.House(house)
		if err != nil {
			return "", err
		}
		return h.GameFingerprint(game)
	}
	return eval.AcrossSites(st, home, sites, fingerprint, tests), nil
}

// NeedsTestAt reports whether trainee u's certification st in game is
// valid where it was granted but asks for a table test at site.
func (c *Certs) NeedsTestAt(ctx context.Context, u *trainer.User, game string, st eval.CertStatus, site int64) (bool, error) {
	standings, err := c.Standings(ctx, u, game, st)
	if err != nil {
		return false, err
	}
	for _, standing := range standings {
		if standing.Site.ID == site {
			return standing.TableTestNeeded, nil
		}
	}
	return false, nil
}

// Visitor is a dealer of another site whose certification in Game asks for
// a table test at the site that reads them.
type Visitor struct {
	User   *trainer.User
	Site   string // the dealer's own site's name
	Game   string
	Status eval.CertStatus
}

// Visiting lists the other sites' active trainees whose valid
// certification in one of games asks for a table test at site here
// (docs/group.md, "A dealer from another site"), and here's name; none at
// a kiosk of one site.
func (c *Certs) Visiting(ctx context.Context, here int64, games []string) (visitors []Visitor, hereName string, err error) {
	sites, err := c.DB.ListSites(ctx)
	if err != nil || len(sites) < 2 {
		return nil, "", err
	}
	siteName, siteHouse := map[int64]string{}, map[int64]string{}
	for _, site := range sites {
		siteName[site.ID], siteHouse[site.ID] = site.Name, site.House
	}
	// A dealer whose site's house plays the game as this site's does needs
	// no table test here: the fingerprints, once a house and game, spare
	// reading each such dealer's table tests.
	type houseGame struct{ house, game string }
	fps := map[houseGame]string{}
	fingerprint := func(house, game string) string {
		k := houseGame{house, game}
		if fp, ok := fps[k]; ok {
			return fp
		}
		fp := ""
		if h, err := c.Book.House(house); err == nil {
			if fp, err = h.GameFingerprint(game); err != nil {
				fp = ""
			}
		}
		fps[k] = fp
		return fp
	}
	users, err := c.DB.ListUsers(ctx, trainer.UserFilter{Role: trainer.RoleTrainee, ActiveOnly: true})
	if err != nil {
		return nil, "", err
	}
	byKey, err := c.Records(ctx, "")
	if err != nil {
		return nil, "", err
	}
	for _, u := range users {
		if u.SiteID == here {
			continue
		}
		for _, g := range games {
			rec, ok := byKey[Key{u.ID, g}]
			if !ok {
				continue
			}
			st := c.Status(rec, g)
			if !st.State.MayDeal() {
				continue
			}
			if fp := fingerprint(siteHouse[u.SiteID], g); fp != "" && fp == fingerprint(siteHouse[here], g) {
				continue
			}
			need, err := c.NeedsTestAt(ctx, u, g, st, here)
			if err != nil {
				return nil, "", err
			}
			if !need {
				continue
			}
			visitors = append(visitors, Visitor{User: u, Site: siteName[u.SiteID], Game: g, Status: st})
		}
	}
	return visitors, siteName[here], nil
}

// Row is one trainee's certification in one game, judged now.
type Row struct {
	User   *trainer.User
	Game   string
	Status eval.CertStatus
	// Completed is when the dealer completed the game's programme (the
	// table test that first authorised them, records.Completion); zero if
	// never. Freshness is measured from it.
	Completed time.Time
}

// SiteTally is one site and game of the director's comparison: the active
// trainees, how many are certified, due and expired, and the answers given
// at the site in the last 30 days.
type SiteTally struct {
	Site, Game                        string // the site's name, the game's slug
	Trainees, Certified, Due, Expired int
	Answered, Correct                 int
}

// accuracyWindow is how far back the sites' comparison counts answers.
const accuracyWindow = 30 * 24 * time.Hour

// CompareSites is the director's comparison of the group's sites, game by
// game (games, in the kiosk's order): the active trainees of each site, how
// many are certified, due and expired (rows, the dashboard's judgement of
// every trainee and game), and the share of answers right in the last 30
// days in practice sessions taken at the site. Nil at a kiosk of one site.
func (c *Certs) CompareSites(ctx context.Context, rows []Row, games []string) ([]SiteTally, error) {
	sites, err := c.DB.ListSites(ctx)
	if err != nil || len(sites) < 2 {
		return nil, err
	}
	type key struct {
		site int64
		game string
	}
	t := map[key]*SiteTally{}
	at := func(k key) *SiteTally {
		if t[k] == nil {
			t[k] = &SiteTally{}
		}
		return t[k]
	}
	since := c.DB.Clock().Add(-accuracyWindow)
	seen := map[int64]bool{}
	for _, cr := range rows {
		n := at(key{cr.User.SiteID, cr.Game})
		n.Trainees++
		switch cr.Status.State {
		case eval.StateCertified:
			n.Certified++
		case eval.StateDue:
			n.Due++
		case eval.StateExpired:
			n.Expired++
		}
		if seen[cr.User.ID] {
			continue
		}
		seen[cr.User.ID] = true
		sessions, err := c.DB.ListPracticeSessions(ctx, trainer.SessionFilter{UserID: cr.User.ID})
		if err != nil {
			return nil, err
		}
		for _, ps := range sessions {
			if ps.StartedAt.Before(since) {
				continue
			}
			a := at(key{ps.SiteID, ps.Game})
			a.Answered += ps.Answered
			a.Correct += ps.Correct
		}
	}
	var out []SiteTally
	for _, site := range sites {
		for _, g := range games {
			n := *at(key{site.ID, g})
			n.Site, n.Game = site.Name, g
			out = append(out, n)
		}
	}
	return out, nil
}

// errNotHere refuses a visiting dealer whose table test is not needed at
// the site: the dealer is another site's, not found, as the server refuses
// a trainee it does not show.
var errNotHere = trainer.NewError(trainer.KindNotFound, "err.trainee_not_found")

// RecordSiteTest records a passing table test of trainee u in game at
// site, signed by actorID (docs/group.md). A visiting dealer (of another
// site than the signer's) is refused as not found unless the table test is
// needed at site (NeedsTestAt); a certification that is not valid is
// refused (KindConflict); the store refuses a signer who may not sign there.
func (c *Certs) RecordSiteTest(ctx context.Context, u *trainer.User, game string, site, actorID int64, visiting bool) error {
	st, err := c.Find(ctx, u.ID, game)
	if err != nil {
		return err
	}
	if visiting {
		need, err := c.NeedsTestAt(ctx, u, game, st, site)
		if err != nil {
			return err
		}
		if !need {
			return errNotHere
		}
	}
	if !st.State.MayDeal() {
		return trainer.NewError(trainer.KindConflict, "err.site_test_not_valid")
	}
	return c.DB.RecordSiteTableTest(ctx, &trainer.SiteTableTest{UserID: u.ID, Game: game, SiteID: site, ActorID: actorID})
}
