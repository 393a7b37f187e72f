package class_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/i18n"
)

// TestMessagesInEveryLanguage: every catalogue id the package's code names
// ("class.…" and the export columns of the report) is in every offered
// language, so that no refusal or header falls back to its id, and every
// message of content/i18n/class is named by the code or kept for the pages
// to come (the phases, the fates, the standings' words).
func TestMessagesInEveryLanguage(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	idRE := regexp.MustCompile(`"(class\.[a-z0-9_]+\.[a-z0-9_]+)"`)
	var ids []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range idRE.FindAllStringSubmatch(string(src), -1) {
			ids = append(ids, m[1])
		}
	}
	if len(ids) < 40 {
		t.Fatalf("found %d message ids in the code; the pattern misses them", len(ids))
	}
	for _, c := range []string{"trainee_id", "trainee", "badge", "position", "game", "kind", "level", "seed", "skill", "result", "elapsed_s", "target_s"} {
		ids = append(ids, "export."+c)
	}
	cat := i18n.Default()
	for _, id := range ids {
		for _, l := range i18n.Offered {
			if cat.Text(l.Tag, id) == nil {
				t.Errorf("%s is missing in %s", id, l.Tag)
			}
		}
	}
	// Every message of the class catalogue is the code's or a page's word
	// for one of its values.
	pages := []string{"class.fate.", "class.phase.", "class.standing.", "class.tally.", "class.import.pin_"}
	for _, id := range cat.IDs() {
		if !strings.HasPrefix(id, "class.") || slices.Contains(ids, id) {
			continue
		}
		if !slices.ContainsFunc(pages, func(p string) bool { return strings.HasPrefix(id, p) }) {
			t.Errorf("%s is in the catalogue, and nothing says it", id)
		}
	}
}
