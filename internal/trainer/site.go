package trainer

import (
	"context"
	"strconv"
	"time"
)

// Site is one property of a casino group: its tablets, its trainees and the
// house whose rules it plays (content/rules/<house>). A kiosk on SQLite is one
// site, made by its migration; a group on PostgreSQL has as many as
// "trainer site add" makes, and each kiosk process serves one of them.
type Site struct {
	ID        int64
	Name      string // unique in the group, compared without regard to case
	House     string // the house whose rules the site plays
	CreatedAt time.Time
}

// FirstSiteID is the site the migrations make, a kiosk's one site; a user
// created without a site belongs to it.
const FirstSiteID int64 = 1

// DefaultSiteName is the name the migrations give the one site of a kiosk.
const DefaultSiteName = "This kiosk"

// The audit actions of sites: one made, and the house a site plays changed.
const (
	AuditSiteCreated      = "site.created"
	AuditSiteHouseChanged = "site.house_changed"
	AuditSiteRenamed      = "site.renamed"
)

// SiteSubject is the audit subject of site id.
func SiteSubject(id int64) string { return "site:" + strconv.FormatInt(id, 10) }

// ErrSiteNameTaken is the conflict of a site named as another.
var ErrSiteNameTaken = (&Error{Kind: KindConflict, Message: "Another site already has this name."}).In("err.site_name_taken")

// Validate checks a site's name (normalised as a user's) and that it names a
// house. Whether the house exists is for the caller, which knows the rules
// directory. Returns KindInvalid.
func (s *Site) Validate() error {
	if err := ValidateName(s.Name); err != nil {
		return err
	}
	if s.House == "" {
		return Errorf(KindInvalid, "Name the house whose rules the site plays.").In("err.site_house")
	}
	return nil
}

// SiteService keeps the sites of a group.
type SiteService interface {
	// CreateSite stores s (its name normalised) and sets its ID, audited.
	// Returns KindInvalid, or ErrSiteNameTaken.
	CreateSite(ctx context.Context, s *Site) error
	// ListSites returns every site, by name.
	ListSites(ctx context.Context) ([]*Site, error)
	// FindSiteByName returns the site with this name, without regard to case. Returns KindNotFound.
	FindSiteByName(ctx context.Context, name string) (*Site, error)
	// FindSiteByID returns site id. Returns KindNotFound.
	FindSiteByID(ctx context.Context, id int64) (*Site, error)
	// SetSiteHouse changes the house site id plays, audited when it changes
	// (a SQLite kiosk's -house flag). Returns KindNotFound.
	SetSiteHouse(ctx context.Context, id int64, house string) (*Site, error)
	// CreateSiteWithAdministrator stores s and its first administrator in
	// one transaction, both audited; nothing when either is refused.
	CreateSiteWithAdministrator(ctx context.Context, s *Site, admin *User) error
	// RenameSite renames site id, audited. Returns KindNotFound,
	// KindInvalid or ErrSiteNameTaken.
	RenameSite(ctx context.Context, id int64, name string) (*Site, error)
}

// SiteTableTest is a passing table test of a certified dealer at a site
// whose house plays a game otherwise than the house where the certification
// was granted (docs/group.md): from it on, the certification holds there too.
type SiteTableTest struct {
	ID      int64
	UserID  int64 // the dealer
	Game    string
	SiteID  int64 // where the table test was taken
	At      time.Time
	ActorID int64 // who signed it: a manager of that site, or the group director
	Actor   string
}

// AuditSiteTableTest is the audit action of a table test at another site.
const AuditSiteTableTest = "table_test.site_recorded"

// SiteTableTestService keeps the table tests taken at other sites.
type SiteTableTestService interface {
	// RecordSiteTableTest stores t, audited, signed by t.ActorID, who must
	// be an active manager or administrator of t's site, or the group
	// director (KindForbidden otherwise).
	RecordSiteTableTest(ctx context.Context, t *SiteTableTest) error
	// ListSiteTableTests returns the dealer's table tests at other sites in
	// game, oldest first.
	ListSiteTableTests(ctx context.Context, userID int64, game string) ([]*SiteTableTest, error)
}
