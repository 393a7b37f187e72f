package eval

import (
	"errors"
	"testing"
	"time"

	"github.com/dealerkiosk/trainer/internal/trainer"
)

// TestAcrossSites: the decisions of docs/group.md for one certification in
// a group of three sites: the same rules → valid; a different pay table →
// table test needed; a table test at that site since the grant → valid there;
// one before the grant does not count; a certification not valid at home is
// valid nowhere.
func TestAcrossSites(t *testing.T) {
	granted := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	home := &trainer.Site{ID: 1, Name: "Harbour", House: "default"}
	same := &trainer.Site{ID: 2, Name: "North Shore", House: "copy"}
	other := &trainer.Site{ID: 3, Name: "Riverside", House: "riverside"}
	lost := &trainer.Site{ID: 4, Name: "Old Mill", House: "gone"}
	sites := []*trainer.Site{home, same, other, lost}
	fp := func(house string) (string, error) {
		switch house {
		case "default", "copy":
			return "aaa", nil
		case "riverside":
			return "bbb", nil // another Trips pay table
		}
		return "", errors.New("no such house")
	}
	certified := CertStatus{State: StateCertified, Grant: &trainer.CertEvent{At: granted}}
	at := func(site int64, when time.Time) *trainer.SiteTableTest {
		return &trainer.SiteTableTest{SiteID: site, At: when}
	}
	tests := []struct {
		name  string
		st    CertStatus
		tests []*trainer.SiteTableTest
		want  []string
	}{
		{"certified, no table tests", certified, nil,
			[]string{"Valid at Harbour", "Valid at North Shore", "Table test needed at Riverside", "Table test needed at Old Mill"}},
		{"due counts as certified", CertStatus{State: StateDue, Grant: certified.Grant}, nil,
			[]string{"Valid at Harbour", "Valid at North Shore", "Table test needed at Riverside", "Table test needed at Old Mill"}},
		{"a table test at Riverside since the grant", certified, []*trainer.SiteTableTest{at(3, granted.Add(time.Hour))},
			[]string{"Valid at Harbour", "Valid at North Shore", "Valid at Riverside", "Table test needed at Old Mill"}},
		{"a table test at Riverside before the grant", certified, []*trainer.SiteTableTest{at(3, granted.Add(-time.Hour))},
			[]string{"Valid at Harbour", "Valid at North Shore", "Table test needed at Riverside", "Table test needed at Old Mill"}},
		{"a table test at another site does not carry", certified, []*trainer.SiteTableTest{at(4, granted.Add(time.Hour))},
			[]string{"Valid at Harbour", "Valid at North Shore", "Table test needed at Riverside", "Valid at Old Mill"}},
		{"expired", CertStatus{State: StateExpired, Grant: certified.Grant}, []*trainer.SiteTableTest{at(3, granted.Add(time.Hour))},
			[]string{"Not certified at Harbour", "Not certified at North Shore", "Not certified at Riverside", "Not certified at Old Mill"}},
		{"in training", CertStatus{State: StateInTraining}, nil,
			[]string{"Not certified at Harbour", "Not certified at North Shore", "Not certified at Riverside", "Not certified at Old Mill"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := AcrossSites(tt.st, home, sites, fp, tt.tests)
			if len(got) != len(tt.want) {
				t.Fatalf("got %d standings; want %d", len(got), len(tt.want))
			}
			for i, s := range got {
				if s.Label() != tt.want[i] {
					t.Errorf("site %s: %q; want %q", s.Site.Name, s.Label(), tt.want[i])
				}
				if s.TableTestNeeded == s.Valid && s.TableTestNeeded {
					t.Errorf("site %s: both valid and needing a table test", s.Site.Name)
				}
			}
		})
	}
}
