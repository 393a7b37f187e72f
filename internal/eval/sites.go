package eval

import (
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// SiteStanding is where a dealer's certification in a game stands at one
// site of a group.
type SiteStanding struct {
	Site *trainer.Site
	// Valid: the dealer may deal the game at the site.
	Valid bool
	// TableTestNeeded: the certification is valid where it was granted, but
	// the site's house plays the game otherwise, and no table test there
	// since the grant says the dealer knows its rules: "table test needed
	// at <site>".
	TableTestNeeded bool
	// TestedBy is the table test at the site that makes it valid there, if any.
	TestedBy *trainer.SiteTableTest
}

// Label is the standing in the managers' words.
func (s SiteStanding) Label() string {
	switch {
	case s.Valid:
		return "Valid at " + s.Site.Name
	case s.TableTestNeeded:
		return "Table test needed at " + s.Site.Name
	}
	return "Not certified at " + s.Site.Name
}

// AcrossSites says where the certification st of a dealer of site home
// holds: one certification record per dealer and game (docs/group.md). It
// is valid at a site when it is valid at all (certified or due) and either
// the site is the dealer's, or the site's house has the same fingerprint for
// the game as the dealer's house (fingerprint, rulebook.House.GameFingerprint,
// by house name), or a table test there passed since the certificate was
// granted (tests). Otherwise a site asks for a table test. A fingerprint that
// cannot be made (a house the rules lack) counts as different.
func AcrossSites(st CertStatus, home *trainer.Site, sites []*trainer.Site, fingerprint func(house string) (string, error), tests []*trainer.SiteTableTest) []SiteStanding {
	out := make([]SiteStanding, 0, len(sites))
	homeFP, homeErr := fingerprint(home.House)
	for _, s := range sites {
		ss := SiteStanding{Site: s}
		if st.State.MayDeal() {
			fp, err := fingerprint(s.House)
			switch {
			case s.ID == home.ID:
				ss.Valid = true
			case err == nil && homeErr == nil && fp == homeFP:
				ss.Valid = true
			default:
				for _, t := range tests {
					if t.SiteID == s.ID && (st.Grant == nil || !t.At.Before(st.Grant.At)) {
						ss.Valid, ss.TestedBy = true, t
					}
				}
				ss.TableTestNeeded = !ss.Valid
			}
		}
		out = append(out, ss)
	}
	return out
}
