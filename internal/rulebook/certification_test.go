package rulebook_test

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/google/go-cmp/cmp"
)

// kindsOffered stands in for the drill content: every game has the six
// kinds of drills; drills.toml has four levels.
func kindsOffered(game, kind string) bool {
	return slices.Contains([]string{"payout", "outcome", "hand", "chips", "procedure", "ruling"}, kind)
}

func TestCertificationEmbedded(t *testing.T) {
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := b.House("default")
	if err := h.CheckCertification(kindsOffered, 4); err != nil {
		t.Fatal(err)
	}
	for _, g := range rulebook.GameSlugs {
		s := h.Certification[g]
		if s == nil {
			t.Fatalf("%s: no standard", g)
		}
		if n := s.Items(); n < 20 || n > 30 {
			t.Errorf("%s: %d items; the shipped exams hold 20 to 30", g, n)
		}
		if s.Thresholds["payout"].Accuracy != 100 {
			t.Errorf("%s: payouts need %d %%; want 100", g, s.Thresholds["payout"].Accuracy)
		}
		if s.Policy.ValidityMonths != 12 || s.Policy.DueDays != 30 {
			t.Errorf("%s: policy %+v; want 12 months, due 30 days before", g, s.Policy)
		}
	}
	if _, ok := b.Files[rulebook.CertificationFile]; !ok {
		t.Errorf("Book.Files lacks %s: it is part of the rules version", rulebook.CertificationFile)
	}
}

// TestCertificationErrors breaks certification.toml (or adds a house file)
// one way at a time: each error names the file and the key.
func TestCertificationErrors(t *testing.T) {
	tests := []struct {
		name  string
		file  string
		edit  func(string) string
		check bool     // the error comes from Check, against the drill content
		want  []string // every fragment must be in the error
	}{
		{"unknown key in a blueprint item", "certification.toml",
			func(s string) string {
				return strings.Replace(s, `{ kind = "payout",    level = 4, count = 2 },`, `{ kind = "payout",    level = 4, cont = 2 },`, 1)
			},
			false, []string{"certification.toml", "games.uth.blueprint[2].cont", "unknown key"}},
		{"misspelt kind", "certification.toml",
			func(s string) string {
				return strings.Replace(s, `{ kind = "hand",      level = 3, count = 1 },`, `{ kind = "hands",     level = 3, count = 1 },`, 1)
			},
			false, []string{"certification.toml", "games.uth.blueprint[6].kind", `"hands"`, "no threshold"}},
		{"unknown key", "certification.toml",
			func(s string) string { return s + "\n[games.uth.policy2]\nretakes = 1\n" },
			false, []string{"certification.toml", "games.uth.policy2", "unknown key"}},
		{"unknown key in a threshold", "certification.toml",
			func(s string) string {
				return strings.Replace(s, "thresholds.chips     = { accuracy = 100, seconds = 30 }\nthresholds.procedure = { accuracy = 75,  seconds = 45 }\nthresholds.ruling    = { accuracy = 90,",
					"thresholds.chips     = { accuracy = 100, secs = 30 }\nthresholds.procedure = { accuracy = 75,  seconds = 45 }\nthresholds.ruling    = { accuracy = 90,", 1)
			},
			false, []string{"certification.toml", "games.oracle.thresholds.chips.secs", "unknown key"}},
		{"unknown game", "certification.toml",
			func(s string) string { return s + "\n[games.bingo]\nblueprint = []\n" },
			false, []string{"certification.toml", "games.bingo", "unknown game"}},
		{"zero items", "certification.toml",
			func(s string) string {
				return strings.Replace(s, `{ kind = "chips",     level = 2, count = 1 },`, `{ kind = "chips",     level = 2, count = 0 },`, 1)
			},
			false, []string{"certification.toml", "games.uth.blueprint[7].count", "at least one item"}},
		{"empty blueprint", "certification.toml",
			func(s string) string {
				i := strings.Index(s, "[games.lunar]")
				j := strings.Index(s[i:], "]\nthresholds") + i
				return s[:i] + "[games.lunar]\nblueprint = [" + s[j:]
			},
			false, []string{"certification.toml", "games.lunar.blueprint", "empty"}},
		{"accuracy over 100", "certification.toml",
			func(s string) string {
				return strings.Replace(s, "thresholds.ruling    = { accuracy = 80,", "thresholds.ruling    = { accuracy = 180,", 1)
			},
			false, []string{"certification.toml", "games.thrill.thresholds.ruling.accuracy", "180", "0 to 100"}},
		{"accuracy below 0", "certification.toml",
			func(s string) string {
				return strings.Replace(s, "thresholds.hand      = { accuracy = 100, seconds = 25 }", "thresholds.hand      = { accuracy = -1, seconds = 25 }", 1)
			},
			false, []string{"certification.toml", "games.uth.thresholds.hand.accuracy", "0 to 100"}},
		{"no threshold for a kind", "certification.toml",
			func(s string) string {
				return strings.Replace(s, "thresholds.outcome   = { accuracy = 100, seconds = 40 }\n", "", 1)
			},
			false, []string{"certification.toml", "games.uth.blueprint[3].kind", "thresholds.outcome is missing"}},
		{"missing policy key", "certification.toml",
			func(s string) string {
				return strings.Replace(s, "policy = { retakes = 2, retake_wait_hours = 48, validity_months = 12, due_days = 30 }",
					"policy = { retakes = 2, retake_wait_hours = 48, due_days = 30 }", 1)
			},
			false, []string{"certification.toml", "games.uth.policy.validity_months", "missing"}},
		{"due window longer than the validity", "certification.toml",
			func(s string) string {
				return strings.Replace(s, "validity_months = 12, due_days = 30 }\n\n[games.oracle]", "validity_months = 1, due_days = 30 }\n\n[games.oracle]", 1)
			},
			false, []string{"certification.toml", "games.uth.policy.due_days"}},
		{"a kind the game has no drills for", "certification.toml",
			func(s string) string {
				return strings.Replace(s, `{ kind = "hand",      level = 3, count = 1 },`, `{ kind = "hand",      level = 3, count = 1 },
  { kind = "dice",      level = 1, count = 1 },`, 1) + "\n[games.uth.thresholds.dice]\naccuracy = 50\nseconds = 10\n"
			},
			true, []string{"certification.toml", "games.uth.blueprint[7].kind", `"dice"`, "no drills"}},
		{"a threshold of a kind the game has no drills for", "certification.toml",
			func(s string) string {
				return strings.Replace(s, "[games.thrill]\n", "[games.thrill]\nthresholds.dice = { accuracy = 50, seconds = 10 }\n", 1)
			},
			true, []string{"certification.toml", "games.thrill.thresholds.dice", "no drills"}},
		{"a level that does not exist", "certification.toml",
			func(s string) string {
				return strings.Replace(s, `{ kind = "payout",    level = 4, count = 2 },`, `{ kind = "payout",    level = 5, count = 2 },`, 1)
			},
			true, []string{"certification.toml", "games.uth.blueprint[2].level", "levels 1 to 4"}},
		{"a house's file breaks a key", "houses/default/certification.toml",
			func(string) string { return "[games.lunar.thresholds.payout]\naccuracy = 101\n" },
			false, []string{"houses/default/certification.toml", "games.lunar.thresholds.payout.accuracy", "0 to 100"}},
		{"a house's blueprint names a missing kind", "houses/default/certification.toml",
			func(string) string {
				return "[games.oracle]\nblueprint = [{ kind = \"payout\", level = 9, count = 4 }]\n"
			},
			true, []string{"houses/default/certification.toml", "games.oracle.blueprint[0].level", "levels 1 to 4"}},
		{"an unknown key in a house's file", "houses/default/certification.toml",
			func(string) string { return "[games.uth.policy]\nvalid_months = 6\n" },
			false, []string{"houses/default/certification.toml", "games.uth.policy.valid_months", "unknown key"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := mapFS(t)
			before := ""
			if f, ok := m[tt.file]; ok {
				before = string(f.Data)
			}
			after := tt.edit(before)
			if after == before {
				t.Fatalf("the edit did not change %s", tt.file)
			}
			m[tt.file] = &fstest.MapFile{Data: []byte(after)}
			b, err := rulebook.Load(m)
			if tt.check {
				if err != nil {
					t.Fatalf("Load: %v; want the error from Check", err)
				}
				h, _ := b.House("default")
				err = h.CheckCertification(kindsOffered, 4)
			}
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

// TestCertificationHouseOverride checks that a house's certification.toml
// changes only the keys it sets, and a blueprint replaces the whole list.
func TestCertificationHouseOverride(t *testing.T) {
	m := mapFS(t)
	m["houses/riviera/house.toml"] = &fstest.MapFile{Data: []byte("name = \"riviera\"\n")}
	m["houses/riviera/certification.toml"] = &fstest.MapFile{Data: []byte(`
[games.uth]
blueprint = [{ kind = "payout", level = 1, count = 5 }]
[games.uth.policy]
validity_months = 6
[games.uth.thresholds.payout]
seconds = 45
`)}
	b, err := rulebook.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	riv, _ := b.House("riviera")
	if err := riv.CheckCertification(kindsOffered, 4); err != nil {
		t.Fatal(err)
	}
	def, _ := b.House("default")
	got := riv.Certification["uth"]
	want := rulebook.Policy{Retakes: 2, RetakeWaitHours: 48, ValidityMonths: 6, DueDays: 30}
	if diff := cmp.Diff(want, got.Policy); diff != "" {
		t.Errorf("riviera uth policy (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]rulebook.BlueprintItem{{Kind: "payout", Level: 1, Count: 5}}, got.Blueprint); diff != "" {
		t.Errorf("riviera uth blueprint (-want +got):\n%s", diff)
	}
	if th := got.Thresholds["payout"]; th != (rulebook.Threshold{Accuracy: 100, Seconds: 45}) {
		t.Errorf("riviera uth payout threshold %+v; want 100 %% in 45 s", th)
	}
	if def.Certification["uth"].Policy.ValidityMonths != 12 || def.Certification["uth"].Items() == 5 {
		t.Error("the default house changed when riviera overrode it")
	}
	if riv.Certification["oracle"].Items() != def.Certification["oracle"].Items() {
		t.Error("riviera's oracle standard differs though its file does not mention oracle")
	}
}

func TestSnapshotRebuildsTheVersion(t *testing.T) {
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	again, err := rulebook.Load(rulebook.SnapshotFS(b.Files))
	if err != nil {
		t.Fatal(err)
	}
	if again.Version != b.Version {
		t.Errorf("a snapshot loads as version %s; want %s", again.Version, b.Version)
	}
}

func TestDiff(t *testing.T) {
	old := map[string][]byte{
		"games/uth.toml":    []byte("game = \"uth\"\n[paytables.trips.B]\nflush = \"6:1\"\nstraight = \"5:1\"\n"),
		"drills.toml":       []byte("[targets]\npayout = 12\n"),
		"procedures/x.toml": []byte("[[situation]]\nid = \"x.a\"\nruling = \"one\"\n[[situation]]\nid = \"x.b\"\nruling = \"two\"\n"),
	}
	new := map[string][]byte{
		"games/uth.toml":              []byte("game = \"uth\"\n[paytables.trips.B]\nflush = \"7:1\"\nstraight = \"5:1\"\nroyal = \"50:1\"\n"),
		"houses/x/certification.toml": []byte("[games.uth.policy]\nretakes = 1\n"),
		"procedures/x.toml":           []byte("[[situation]]\nid = \"x.a\"\nruling = \"one\"\n[[situation]]\nid = \"x.b\"\nruling = \"three\"\n"),
	}
	got := rulebook.Diff(old, new)
	want := []rulebook.FileChange{
		{Path: "drills.toml", Change: rulebook.FileRemoved},
		{Path: "games/uth.toml", Change: rulebook.FileChanged, Keys: []rulebook.KeyChange{
			{Key: "paytables.trips.B.flush", Old: `"6:1"`, New: `"7:1"`},
			{Key: "paytables.trips.B.royal", New: `"50:1"`},
		}},
		{Path: "houses/x/certification.toml", Change: rulebook.FileAdded},
		{Path: "procedures/x.toml", Change: rulebook.FileChanged, Keys: []rulebook.KeyChange{
			{Key: "situation[1].ruling", Old: `"two"`, New: `"three"`},
		}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Diff (-want +got):\n%s", diff)
	}
	if d := rulebook.Diff(old, old); len(d) != 0 {
		t.Errorf("Diff of a version with itself = %v; want nothing", d)
	}
}
