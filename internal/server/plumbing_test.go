package server_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/dealerkiosk/trainer/internal/server/servertest"
)

// plumbing is what a manager's page or print must never show (issue 26,
// item 15): a 64-character hash, a command of the kiosk's command line, a
// seed, a rules file's name. The rules version's code is added per kiosk.
var plumbing = []*regexp.Regexp{
	regexp.MustCompile(`\b[0-9a-fA-F]{64}\b`),
	regexp.MustCompile(`trainer (settle|math|drill|audit)`),
	regexp.MustCompile(`(?i)\bseed \d`),
	regexp.MustCompile(`[\w/.-]+\.toml\b`),
}

// TestManagerPagesShowNoPlumbing reads the managers' pages and prints, in
// English, Italian and Russian, with a certified trainee, an exam sat and
// a round settled on the hand checker, and fails on any plumbing in their
// text: the patterns above and the rules version's code.
func TestManagerPagesShowNoPlumbing(t *testing.T) {
	t.Parallel()
	for _, tag := range []string{"en", "it", "ru"} {
		t.Run(tag, func(t *testing.T) {
			t.Parallel()
			k := newKiosk(t)
			k.ApproveRules(k.manager)
			ex := k.SitExam(k.trainee, "uth", true)
			k.Certify(k.trainee, "oracle", k.admin)
			if err := k.DB.SetUserLanguage(t.Context(), k.manager.ID, tag); err != nil {
				t.Fatal(err)
			}
			mc := k.staffClient(t, "Max Manager", managerPassword)
			file := fmt.Sprintf("/manager/trainees/%d", k.trainee.ID)
			pages := []string{
				"/manager",
				"/manager/programme",
				file,
				file + "/games/oracle/certificate",
				file + "/games/oracle/transcript",
				file + "/games/uth/transcript",
				fmt.Sprintf("/manager/exams/%d", ex.ID),
				"/tools/hand-checker",
				"/tools/paytables?game=lunar",
				"/tools/paytables?game=oracle",
				"/tools/content?game=uth",
				"/tools/content?game=lunar&level=4",
				"/manager/rules",
				"/manager/rules/" + k.Book.Version,
			}
			version := regexp.MustCompile(regexp.QuoteMeta(k.Book.Version))
			for _, path := range append(pages, "settled") {
				var resp *servertest.Response
				if path == "settled" {
					resp = mc.PostForm(checkerPath, uthRoyal())
				} else {
					resp = mc.Get(path)
				}
				wantStatus(t, path, resp, http.StatusOK)
				resp.Doc.Find("script, style, head").Remove()
				text := resp.Doc.Find("body").Text()
				for _, re := range append(plumbing, version) {
					if m := re.FindString(text); m != "" {
						i := strings.Index(text, m)
						t.Errorf("%s %s shows %q: …%s…", tag, path, m, squashAround(text, i, len(m)))
					}
				}
			}
		})
	}
}

// squashAround is the text around text[i:i+n], its spaces squashed.
func squashAround(text string, i, n int) string {
	from, to := max(0, i-60), min(len(text), i+n+60)
	return strings.Join(strings.Fields(text[from:to]), " ")
}
