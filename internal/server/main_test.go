package server_test

import (
	"testing"

	"github.com/dealerkiosk/trainer/internal/browsertest"
)

// TestMain shares one Chromium between the package's browser tests and
// stops it after the last (browsertest.Main).
func TestMain(m *testing.M) { browsertest.Main(m) }

// plainRunOnly skips t under the race detector. It is for the long walks
// (every route as every role, every pay table's figures, every section of
// three rule books) and the checks of words (every page in each language,
// the rule book's pages, prints, refusals said from the catalogues) that
// have no concurrency of their own beyond what the package's other tests
// drive under the detector: each costs minutes there and finds nothing
// more. They run in the plain test run, which .ci/run runs first, so
// nothing they check goes untested.
func plainRunOnly(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("runs in the plain test run: a long walk or a check of words, with no concurrency of its own")
	}
}
