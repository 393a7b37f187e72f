package server_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	rules "github.com/dealerkiosk/trainer/content/rules"
	"github.com/dealerkiosk/trainer/internal/drills"
	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/practice"
	"github.com/dealerkiosk/trainer/internal/rulebook"
	"github.com/dealerkiosk/trainer/internal/server/servertest"
	"github.com/dealerkiosk/trainer/internal/trainer"
)

// The tests read a scenario's key the way the server does: from the spec
// stored in the database, regenerated with the drills package. Never from
// the page.

var (
	genOnce sync.Once
	genVal  *drills.Generator
	genErr  error
)

func generator(t testing.TB) *drills.Generator {
	t.Helper()
	genOnce.Do(func() {
		b, err := rulebook.Load(rules.FS)
		if err != nil {
			genErr = err
			return
		}
		genVal, genErr = drills.Load(b, rules.FS)
	})
	if genErr != nil {
		t.Fatal(genErr)
	}
	return genVal
}

// drillOf regenerates the drill an attempt stores.
func drillOf(t testing.TB, a *trainer.Attempt) *drills.Drill {
	t.Helper()
	d, err := generator(t).Generate(a.House, drills.Spec{Game: a.Game, Kind: a.Kind, Level: a.Level, Seed: a.Seed, Lang: a.Lang})
	if err != nil {
		t.Fatalf("regenerate attempt %d: %v", a.ID, err)
	}
	if d.RulesVersion != a.RulesVersion {
		t.Fatalf("attempt %d was made on rules %s; the test regenerates on %s", a.ID, a.RulesVersion, d.RulesVersion)
	}
	return d
}

// pending returns the scenario of the session waiting for its answer, and its drill.
func pending(t testing.TB, h *servertest.Harness, sessionID int64) (*trainer.Attempt, *drills.Drill) {
	t.Helper()
	a, err := h.Store.PendingAttempt(t.Context(), sessionID)
	if err != nil {
		t.Fatalf("pending attempt of session %d: %v", sessionID, err)
	}
	return a, drillOf(t, a)
}

// chipValues is the default house's chip set.
func chipValues(t testing.TB) []games.Money {
	t.Helper()
	b, err := rulebook.Load(rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	h, err := b.House("")
	if err != nil {
		t.Fatal(err)
	}
	return practice.Chips(h)
}

// answerForm is the form a trainee posts to answer d with k.
func answerForm(k drills.Key) url.Values {
	f := url.Values{}
	switch {
	case k.Amount != nil:
		f.Set(practice.FieldAmount, k.Amount.String())
	case k.Choice != 0:
		f.Set(practice.FieldChoice, strconv.Itoa(k.Choice))
	case k.Outcomes != nil:
		for i, o := range k.Outcomes {
			f.Set(practice.FieldOutcome+strconv.Itoa(i+1), o.Result)
		}
	default:
		for _, c := range k.Chips {
			f.Set(practice.FieldChips+c.Value.String(), strconv.Itoa(c.Count))
		}
	}
	return f
}

// wrongKey is an answer to d that is not its key.
func wrongKey(d *drills.Drill) drills.Key {
	k := d.Key
	switch {
	case k.Amount != nil:
		return drills.Key{Amount: drills.Amount(*k.Amount + games.Unit)}
	case k.Choice != 0:
		return drills.Key{Choice: k.Choice%len(d.Choices) + 1}
	case k.Outcomes != nil:
		out := append([]drills.Outcome(nil), k.Outcomes...)
		first := out[0]
		if first.Result == drills.OutcomeLose || first.Result == drills.OutcomeFee {
			first.Result = drills.OutcomePush
		} else {
			first.Result = drills.OutcomeLose
		}
		out[0] = first
		return drills.Key{Outcomes: out}
	}
	out := append([]drills.ChipCount(nil), k.Chips...)
	out[0].Count++
	return drills.Key{Chips: out}
}

var practicePath = regexp.MustCompile(`^/practice/(\d+)$`)

// startSession starts a session as client c and returns its ID.
func startSession(t testing.TB, c *servertest.Client, game, kind string, mode trainer.Mode, level int) int64 {
	t.Helper()
	resp := c.PostForm("/practice", url.Values{"game": {game}, "kind": {kind}, "mode": {string(mode)}, "level": {strconv.Itoa(level)}})
	loc := resp.Header.Get("Location")
	if resp.StatusCode == http.StatusNoContent { // htmx: a full page load
		loc = resp.Header.Get("HX-Redirect")
	} else if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("start %s %s %s: status %d; want 303\n%s", game, kind, mode, resp.StatusCode, resp.Body)
	}
	m := practicePath.FindStringSubmatch(loc)
	if m == nil {
		t.Fatalf("start: redirect to %q; want /practice/{id}", loc)
	}
	id, _ := strconv.ParseInt(m[1], 10, 64)
	return id
}

func answerPath(a *trainer.Attempt) string {
	return "/attempts/" + strconv.FormatInt(a.ID, 10) + "/answer"
}

func sessionPath(id int64) string { return "/practice/" + strconv.FormatInt(id, 10) }

// htmx returns a copy of c's headers for an htmx request.
func htmxClient(c *servertest.Client) *servertest.Client {
	c.Header.Set("HX-Request", "true")
	return c
}

func plain(c *servertest.Client) *servertest.Client {
	c.Header.Del("HX-Request")
	return c
}

// numbers lists the numbers written in s ("Box 1 pays 7.5" → 1, 7.5), as Money.
func numbers(s string) map[games.Money]bool {
	out := map[games.Money]bool{}
	for _, n := range numberRE.FindAllString(s, -1) {
		if m, err := games.ParseMoney(strings.TrimSuffix(n, ".")); err == nil {
			out[m] = true
		}
	}
	return out
}

var numberRE = regexp.MustCompile(`\d+(\.\d+)?`)
