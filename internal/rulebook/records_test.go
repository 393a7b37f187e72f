package rulebook_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestRecordsShipped: the shipped records settings and programmes load, with
// the defaults docs/records.md names (a completion fresh for 5 years, other
// records kept 7), the three topics and each game's seven checklist items.
func TestRecordsShipped(t *testing.T) {
	t.Parallel()
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	h, err := b.House("default")
	if err != nil {
		t.Fatal(err)
	}
	if h.Records.FreshnessYears != 5 || h.Records.RetentionYears != 7 || len(h.Records.Topics) != 3 {
		t.Errorf("records = %+v; want 5 years, 7 years, three topics", h.Records)
	}
	if h.Records.Topic("cpr") == nil || h.Records.Topic("fire") != nil {
		t.Error("Topic finds cpr and not fire")
	}
	for _, g := range rulebook.GameSlugs {
		p := h.Programmes[g]
		if p == nil || len(p.Checklist) != 7 || p.MinimumHours < 1 {
			t.Errorf("programme %s = %+v; want seven checklist items and a minimum", g, p)
		}
	}
}

// TestRecordsErrors: a broken records file or programme stops the load with
// the file and the key named; a house overrides the shipped settings.
func TestRecordsErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		files map[string]string // path → content; "" deletes
		want  []string
	}{
		{"retention zero", map[string]string{"houses/default/records.toml": "retention_years = 0\n"},
			[]string{"houses/default/records.toml", "retention_years", "want 1 to 100 years"}},
		{"unknown key", map[string]string{"houses/default/records.toml": "keep_years = 3\n"},
			[]string{"houses/default/records.toml", "keep_years"}},
		{"topic id", map[string]string{"houses/default/records.toml": "[[topics]]\nid = \"Fire Safety\"\ntitle = { en = \"Fire safety\" }\n"},
			[]string{"houses/default/records.toml", "topics[0].id", "lowercase id"}},
		{"topic without words", map[string]string{"houses/default/records.toml": "[[topics]]\nid = \"fire_safety\"\n"},
			[]string{"houses/default/records.toml", "topics[0].title", "English"}},
		{"programme missing", map[string]string{"programmes/uth.toml": ""},
			[]string{"programmes", "uth.toml", "every game needs a programme"}},
		{"programme drill kind", map[string]string{"houses/default/programmes/uth.toml": strings.Replace(programme(t, "uth"), `"payout",`, `"payout", "juggling",`, 1)},
			[]string{"houses/default/programmes/uth.toml", "drill_kinds[1]", "juggling"}},
		{"programme checklist twice", map[string]string{"houses/default/programmes/uth.toml": programme(t, "uth") + "\n[[checklist]]\nid = \"shuffle\"\n"},
			[]string{"houses/default/programmes/uth.toml", "checklist[7].id", "twice"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := mapFS(t)
			for p, s := range tc.files {
				if s == "" {
					delete(m, p)
					continue
				}
				m[p] = &fstest.MapFile{Data: []byte(s)}
			}
			_, err := rulebook.Load(m)
			if err == nil {
				t.Fatal("Load succeeded; want an error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
	m := mapFS(t)
	m["houses/default/records.toml"] = &fstest.MapFile{Data: []byte("freshness_years = 3\n[[topics]]\nid = \"fire_safety\"\ntitle = { en = \"Fire safety\", it = \"Sicurezza antincendio\" }\nvalidity_months = 36\n")}
	b, err := rulebook.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := b.House("default")
	if h.Records.FreshnessYears != 3 || h.Records.RetentionYears != 7 || len(h.Records.Topics) != 1 || h.Records.Topics[0].ID != "fire_safety" {
		t.Errorf("overridden records = %+v; want 3 years fresh, 7 kept, the house's one topic", h.Records)
	}
}

func programme(t *testing.T, game string) string {
	t.Helper()
	data, err := rules.FS.ReadFile("programmes/" + game + ".toml")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
