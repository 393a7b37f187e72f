package rulebook_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// TestHouseLanguage: a house speaks the default house's language unless it
// sets its own, and a language without a catalogue is refused, naming the
// file and the key.
func TestHouseLanguage(t *testing.T) {
	house := func(name, body string) fstest.MapFS {
		return fstest.MapFS{"houses/" + name + "/house.toml": {Data: []byte("name = \"" + name + "\"\n" + body)}}
	}
	b, err := rulebook.Load(rulebook.Overlay(house("roma", "language = \"it\"\n"), rules.FS))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{rulebook.DefaultHouse: "en", "roma": "it"} {
		h, err := b.House(name)
		if err != nil {
			t.Fatal(err)
		}
		if h.Language != want {
			t.Errorf("house %s: Language = %q; want %q", name, h.Language, want)
		}
	}
	_, err = rulebook.Load(rulebook.Overlay(house("paris", "language = \"fr\"\n"), rules.FS))
	for _, w := range []string{"houses/paris/house.toml", "language", `"fr" is not a language the kiosk offers (en, it, ru)`} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("Load with language fr: %v; want it to mention %q", err, w)
		}
	}
}
